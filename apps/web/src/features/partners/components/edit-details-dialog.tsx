import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { NS } from '../i18n';
import { CityPicker } from './list-parts';

export interface EditField {
  name: string;
  label: string;
  kind?: 'text' | 'multiline' | 'tel' | 'city';
  required?: boolean;
  /** Empty text is sent as null (a field that may be cleared). */
  nullable?: boolean;
  helperText?: string;
  autoComplete?: string;
}

type Values = Record<string, string | number | null>;

interface SafeParser {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export interface EditDetailsDialogProps {
  title: string;
  fields: EditField[];
  initial: Values;
  /** The shared request schema: validated before sending, the server checks again. */
  schema: SafeParser;
  save: (body: Values) => Promise<unknown>;
  onClose: () => void;
  /** Send every field (a new record), not only the changed ones. */
  sendAll?: boolean;
}

/** A dialog that edits a few fields of a record and sends only what changed. */
export function EditDetailsDialog({ title, fields, initial, schema, save, onClose, sendAll }: EditDetailsDialogProps) {
  const { t } = useTranslation(NS);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({ defaultValues: initial });
  const { errors, isSubmitting } = formState;
  const names = fields.map((f) => f.name);
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body: Values = {};
    for (const field of fields) {
      let value = values[field.name] ?? null;
      if (typeof value === 'string') value = value.trim();
      if (field.nullable && value === '') value = null;
      if (sendAll || value !== (initial[field.name] ?? null)) body[field.name] = value;
    }
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (names.includes(name)) setError(name, { type: 'validate', message: issue.message });
        else setFormError(issue.message);
      }
      return;
    }
    try {
      await save(parsed.data as Values);
      notify.success(t('common:messages.updateSuccess'));
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, names));
    }
  });
  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="edit-details-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="edit-details-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            {fields.map((field) =>
              field.kind === 'city' ? (
                <Controller
                  key={field.name}
                  control={control}
                  name={field.name}
                  render={({ field: f, fieldState }) => (
                    <CityPicker value={typeof f.value === 'number' ? f.value : null} onChange={f.onChange} onBlur={f.onBlur} inputRef={f.ref} error={fieldState.error?.message} required={field.required} />
                  )}
                />
              ) : (
                <TextField
                  key={field.name}
                  {...register(field.name)}
                  label={field.label}
                  required={field.required}
                  type={field.kind === 'tel' ? 'tel' : 'text'}
                  multiline={field.kind === 'multiline'}
                  minRows={field.kind === 'multiline' ? 2 : undefined}
                  autoComplete={field.autoComplete}
                  error={!!errors[field.name]}
                  helperText={errors[field.name]?.message ?? field.helperText}
                  fullWidth
                />
              ),
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
