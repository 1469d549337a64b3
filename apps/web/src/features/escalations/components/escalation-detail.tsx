import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatDateTime } from '@app/shared/format';
import { ESCALATION_TEXT_MAX, updateEscalationRequestSchema, type Escalation, type EscalationStatus } from '@app/shared/schemas/escalations';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert, ZodForm } from '@/components/form/zod-form';
import { ErrorState } from '@/components/page-states/error-state';
import { notify } from '@/lib/notify';
import { useEscalation, useUpdateEscalation } from '@/data/escalations';
import { NS } from '../i18n';
import { escalationLinks, type EscalationViewer } from './escalation-links';
import { descriptionOf, raiserOf, subjectOf } from './escalation-text';
import { EscalationStatusChip } from './escalation-status-chip';

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ mt: 0.25 }}>{children}</Box>
    </Box>
  );
}

/** One issue: what was raised, by whom, about which order, and its resolution; admins handle it here. */
export function EscalationDetail({ id, viewer }: { id: number; viewer: EscalationViewer }) {
  const { t } = useTranslation([NS, 'common']);
  const escalation = useEscalation(id);
  if (escalation.isError) return <ErrorState error={escalation.error} onRetry={() => void escalation.refetch()} />;
  if (escalation.isPending)
    return (
      <Stack spacing={2} role="status" aria-label={t('common:states.loading')}>
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  const issue = escalation.data;
  const orderHref = issue.order_id ? escalationLinks.order(viewer, issue.order_id) : null;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: viewer === 'admin' ? 7 : 12 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <Typography variant="h2" component="p" sx={{ wordBreak: 'break-word' }}>
                {subjectOf(issue)}
              </Typography>
              <EscalationStatusChip status={issue.status} size="medium" />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('detail.raisedBy', { name: raiserOf(issue, t), who: t(`detail.who.${issue.created_by.role}`), date: formatDateTime(issue.created_at) })}
            </Typography>
            <Grid container spacing={2}>
              {issue.store && (
                <Grid size={{ xs: 12, sm: 4 }}>
                  <Item label={t('detail.store')}>{issue.store.name}</Item>
                </Grid>
              )}
              {issue.vendor && (
                <Grid size={{ xs: 12, sm: 4 }}>
                  <Item label={t('detail.vendor')}>{issue.vendor.company_name}</Item>
                </Grid>
              )}
              <Grid size={{ xs: 12, sm: 4 }}>
                <Item label={t('detail.order')}>
                  {issue.order_number ? (
                    orderHref ? (
                      <Link component={RouterLink} to={orderHref}>
                        {issue.order_number}
                      </Link>
                    ) : (
                      issue.order_number
                    )
                  ) : (
                    '—'
                  )}
                </Item>
              </Grid>
            </Grid>
            <Divider />
            <Item label={t('detail.description')}>
              <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{descriptionOf(issue)}</Typography>
            </Item>
            <Divider />
            <Item label={t('detail.resolution')}>
              {issue.resolution ? (
                <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{issue.resolution}</Typography>
              ) : (
                <Typography color="text.secondary">{t('detail.noResolution')}</Typography>
              )}
              {issue.resolved_at && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('detail.resolvedAt', { date: formatDateTime(issue.resolved_at) })}
                </Typography>
              )}
            </Item>
          </Stack>
        </Paper>
      </Grid>
      {viewer === 'admin' && (
        <Grid size={{ xs: 12, md: 5 }}>
          <ManageEscalation key={issue.id} issue={issue} />
        </Grid>
      )}
    </Grid>
  );
}

// The resolution as PATCH /escalations/{id}/ checks it; text in the form, empty when none.
const resolutionSchema = z.object({ resolution: updateEscalationRequestSchema.shape.resolution.unwrap().unwrap() });

function ManageEscalation({ issue }: { issue: Escalation }) {
  const { t } = useTranslation([NS, 'common']);
  const update = useUpdateEscalation();
  const [confirm, setConfirm] = useState<'resolve' | 'reopen' | null>(null);
  const form = useZodForm(resolutionSchema, { defaultValues: { resolution: issue.resolution ?? '' } });
  const resolution = useWatch({ control: form.control, name: 'resolution' }) ?? '';

  const send = (status: EscalationStatus | undefined) =>
    form.submit(
      async (values) => {
        const text = values.resolution;
        if (status === 'resolved' && !text) {
          form.setError('resolution', { type: 'validate', message: t('detail.resolutionRequired') }, { shouldFocus: true });
          setConfirm(null);
          return;
        }
        try {
          await update.mutateAsync({ id: issue.id, body: { ...(status ? { status } : {}), resolution: text || null } });
          notify.success(t('common:messages.updateSuccess'));
        } finally {
          setConfirm(null);
        }
      },
      () => setConfirm(null),
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2">{t('detail.manage')}</Typography>
        <ZodForm form={form} onSubmit={send(undefined)} formErrorOnTop={false}>
          <Stack spacing={2}>
            <FormErrorAlert form={form} />
            <FormTextField name="resolution" label={t('fields.resolution')} multiline minRows={4} slotProps={{ htmlInput: { maxLength: ESCALATION_TEXT_MAX } }} hint={t('hints.resolution')} />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {issue.status !== 'resolved' && (
                <Button variant="contained" color="success" onClick={() => setConfirm('resolve')} disabled={update.isPending}>
                  {t('detail.resolve')}
                </Button>
              )}
              {issue.status === 'open' && (
                <Button variant="outlined" onClick={() => void send('in_progress')()} loading={update.isPending && !confirm}>
                  {t('detail.startWork')}
                </Button>
              )}
              {issue.status === 'resolved' && (
                <Button variant="outlined" onClick={() => setConfirm('reopen')} disabled={update.isPending}>
                  {t('detail.reopen')}
                </Button>
              )}
              <Button type="submit" disabled={update.isPending || resolution.trim() === (issue.resolution ?? '')}>
                {t('detail.saveResolution')}
              </Button>
            </Stack>
          </Stack>
        </ZodForm>
      </Stack>
      {confirm && (
        <Dialog open onClose={update.isPending ? undefined : () => setConfirm(null)} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="confirm-escalation-title">
          <DialogTitle id="confirm-escalation-title">{confirm === 'resolve' ? t('detail.resolveTitle') : t('detail.reopenTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{confirm === 'resolve' ? t('detail.resolveIntro') : t('detail.reopenIntro')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirm(null)} disabled={update.isPending}>
              {t('detail.cancel')}
            </Button>
            <Button variant="contained" color={confirm === 'resolve' ? 'success' : 'primary'} loading={update.isPending} onClick={() => void send(confirm === 'resolve' ? 'resolved' : 'open')()}>
              {confirm === 'resolve' ? t('detail.resolve') : t('detail.reopen')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
