import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import type { Material } from '@app/shared/schemas/catalog';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useMaterials, useMaterialName } from '@/data/catalog';
import { useRestoreMaterial, useRetireMaterial } from '@/data/catalog';
import { MaterialFormDialog } from './material-form-dialog';

/** The materials with their default rates: add, edit, retire (with confirmation), restore. */
export function MaterialsPanel() {
  const { t } = useTranslation(['rateCard', 'common']);
  const materials = useMaterials({ include_retired: true });
  const nameOf = useMaterialName();
  const retire = useRetireMaterial();
  const restore = useRestoreMaterial();
  const [editing, setEditing] = useState<Material | 'new' | null>(null);
  const [retiring, setRetiring] = useState<Material | null>(null);

  const onRestore = (m: Material) =>
    restore.mutate(m.id, {
      onSuccess: () => notify.success(t('materials.restored_done', { name: nameOf(m) })),
      onError: (e) => notify.error(e instanceof ApiError ? e.detail : t('common:messages.haveAnError')),
    });

  const onRetire = () => {
    if (!retiring) return;
    const m = retiring;
    retire.mutate(m.id, {
      onSuccess: () => {
        notify.success(t('materials.retired_done', { name: nameOf(m) }));
        setRetiring(null);
      },
    });
  };

  const list = [...(materials.data ?? [])].sort((a, b) => Number(!!a.retired_at) - Number(!!b.retired_at) || a.name.localeCompare(b.name));

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
          {t('materials.intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ flexShrink: 0 }}>
          {t('materials.add')}
        </Button>
      </Stack>
      {materials.isPending ? (
        <Stack spacing={1}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} variant="rounded" height={44} />
          ))}
        </Stack>
      ) : materials.isError ? (
        <ErrorState error={materials.error} onRetry={() => void materials.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState description={t('materials.empty')} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('materials.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('materials.colName')}</TableCell>
                <TableCell align="right">{t('materials.colVendor')}</TableCell>
                <TableCell align="right">{t('materials.colDriver')}</TableCell>
                <TableCell align="right">{t('materials.colB2c')}</TableCell>
                <TableCell>{t('materials.colTax')}</TableCell>
                <TableCell>{t('materials.colStatus')}</TableCell>
                <TableCell align="right">{t('materials.colActions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((m) => {
                const retired = !!m.retired_at;
                return (
                  <TableRow key={m.id} sx={retired ? { '& td': { color: 'text.disabled' } } : undefined} data-retired={retired || undefined}>
                    <TableCell>
                      <Box sx={{ fontWeight: 600 }}>{nameOf(m)}</Box>
                      {/* The admin sees both names: the other one under the one this screen speaks. */}
                      {m.name_hi && (
                        <Typography variant="caption" color="text.secondary" lang={nameOf(m) === m.name ? 'hi' : 'en'}>
                          {nameOf(m) === m.name ? m.name_hi : m.name}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatCurrency(m.vendor_rate)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatCurrency(m.driver_rate)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatCurrency(m.b2c_rate)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('materials.tax', { hsn: m.hsn_code ?? '—', rate: m.gst_rate })}</TableCell>
                    <TableCell>
                      {retired ? (
                        <Chip size="small" variant="outlined" label={t('materials.retired')} title={t('materials.retiredAt', { time: formatDateTime(m.retired_at!) })} />
                      ) : (
                        <Chip size="small" color="success" variant="outlined" label={t('materials.active')} />
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {retired ? (
                        <Button size="small" onClick={() => onRestore(m)} aria-label={t('materials.restoreLabel', { name: nameOf(m) })} disabled={restore.isPending}>
                          {t('materials.restore')}
                        </Button>
                      ) : (
                        <>
                          <Button size="small" onClick={() => setEditing(m)} aria-label={t('materials.editLabel', { name: nameOf(m) })}>
                            {t('materials.edit')}
                          </Button>
                          <Button size="small" color="error" onClick={() => (retire.reset(), setRetiring(m))} aria-label={t('materials.retireLabel', { name: nameOf(m) })}>
                            {t('materials.retire')}
                          </Button>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <MaterialFormDialog material={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {retiring && (
        <Dialog open onClose={retire.isPending ? undefined : () => setRetiring(null)} slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="retire-title">
          <DialogTitle id="retire-title">{t('materials.retireTitle', { name: nameOf(retiring) })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('materials.retireText', { name: nameOf(retiring) })}</DialogContentText>
            {retire.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {retire.error instanceof ApiError ? retire.error.detail : t('common:messages.haveAnError')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRetiring(null)} disabled={retire.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button color="error" variant="contained" onClick={onRetire} loading={retire.isPending}>
              {t('materials.retire')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
