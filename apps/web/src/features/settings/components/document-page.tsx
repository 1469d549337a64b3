import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import { DOCUMENT_BODY_MAX, documentSettingsSchema, type DocumentSettings } from '@app/shared/schemas/settings';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { notify } from '@/lib/notify';
import { useSaveSetting, useSetting } from '@/data/settings';
import { NS } from '../i18n';
import { SettingsFormFooter, SettingsSkeleton } from './setting-form-parts';
import { translateServerMessage } from '@/lib/server-messages';

/** The privacy policy or the terms: read by everyone; an admin edits title and text. */
export function DocumentPage({ settingKey, editable }: { settingKey: 'privacy' | 'terms'; editable: boolean }) {
  const { t } = useTranslation([NS, 'common']);
  const setting = useSetting(settingKey);
  const [editing, setEditing] = useState(false);
  if (setting.isError) return <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />;
  if (setting.isPending) return <SettingsSkeleton rows={3} />;
  const doc = setting.data.value;
  if (editing) return <DocumentEditor settingKey={settingKey} value={doc} updatedAt={setting.data.updated_at} onDone={() => setEditing(false)} />;
  const paragraphs = doc.body.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 860 }}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2 }}>
        <Box>
          {/* The default titles (and a title left as one) read in the reader's language. */}
          <Typography variant="h2">{translateServerMessage(doc.title)}</Typography>
          {setting.data.updated_at && (
            <Typography variant="body2" color="text.secondary">
              {t('common.lastSaved', { date: formatDateTime(setting.data.updated_at) })}
            </Typography>
          )}
        </Box>
        {editable && (
          <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
            {t('common.edit')}
          </Button>
        )}
      </Stack>
      {paragraphs.length === 0 ? (
        <EmptyState description={editable ? t('document.emptyAdmin') : t('document.empty')} />
      ) : (
        paragraphs.map((paragraph, index) => (
          <Typography key={index} sx={{ mb: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxWidth: '75ch' }}>
            {paragraph}
          </Typography>
        ))
      )}
    </Paper>
  );
}

function DocumentEditor({ settingKey, value, updatedAt, onDone }: { settingKey: 'privacy' | 'terms'; value: DocumentSettings; updatedAt: string | null; onDone: () => void }) {
  const { t } = useTranslation([NS, 'common']);
  const save = useSaveSetting();
  const form = useZodForm(documentSettingsSchema, { defaultValues: value });
  const onSubmit = form.submit(async (values) => {
    await save.mutateAsync({ key: settingKey, value: values });
    notify.success(t('common:messages.updateSuccess'));
    onDone();
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 860 }}>
      <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false}>
        <Stack spacing={2.5}>
          <FormTextField name="title" label={t('document.title')} required />
          <FormTextField name="body" label={t('document.body')} multiline minRows={12} slotProps={{ htmlInput: { maxLength: DOCUMENT_BODY_MAX } }} hint={t('document.bodyHint')} />
          <SettingsFormFooter dirty={form.formState.isDirty} saving={save.isPending} updatedAt={updatedAt} error={form.formError} onReset={() => form.reset(value)} />
          <Button onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
            {t('common.cancel')}
          </Button>
        </Stack>
      </ZodForm>
    </Paper>
  );
}
