import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { translatedResolver } from '@/lib/translated-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import { DOCUMENT_BODY_MAX, documentSettingsSchema, type DocumentSettings } from '@app/shared/schemas/settings';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSaveSetting, useSetting } from '@/data/settings';
import { NS } from '../i18n';
import { SettingsFormFooter, SettingsSkeleton } from './setting-form-parts';

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
          <Typography variant="h2">{doc.title}</Typography>
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
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<DocumentSettings>({ resolver: translatedResolver(zodResolver(documentSettingsSchema)), defaultValues: value, mode: 'onTouched' });
  const { errors, isDirty } = formState;
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { key: settingKey, value: values },
      {
        onSuccess: () => {
          notify.success(t('common:messages.updateSuccess'));
          onDone();
        },
        onError: (error) => setFormError(applyServerErrors(error, setError, ['title', 'body'])),
      },
    );
  });
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 860 }}>
      <Stack spacing={2.5}>
        <TextField {...register('title')} label={t('document.title')} required fullWidth error={!!errors.title} helperText={errors.title?.message} />
        <TextField
          {...register('body')}
          label={t('document.body')}
          fullWidth
          multiline
          minRows={12}
          slotProps={{ htmlInput: { maxLength: DOCUMENT_BODY_MAX } }}
          error={!!errors.body}
          helperText={errors.body?.message ?? t('document.bodyHint')}
        />
        <SettingsFormFooter dirty={isDirty} saving={save.isPending} updatedAt={updatedAt} error={formError} onReset={() => reset(value)} />
        <Button onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
          {t('common.cancel')}
        </Button>
      </Stack>
    </Paper>
  );
}
