import { z } from 'zod';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert } from '@/components/form/zod-form';
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

/** Any record's fields: the dialog checks only what changed, with the caller's schema. */
const anyValues = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/** A dialog that edits a few fields of a record and sends only what changed. */
export function EditDetailsDialog({ title, fields, initial, schema, save, onClose, sendAll }: EditDetailsDialogProps) {
  const { t } = useTranslation([NS, 'common']);
  const form = useZodForm(anyValues, { defaultValues: initial });
  const onSubmit = form.submit(async (values) => {
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
    // Only the changed fields are checked: the record's other fields may predate today's rules.
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (fields.some((f) => f.name === name)) form.setError(name, { type: 'validate', message: issue.message });
        else form.setFormError(issue.message);
      }
      return;
    }
    await save(parsed.data as Values);
    notify.success(t('common:messages.updateSuccess'));
    onClose();
  });
  return (
    <FormDialog form={form} onSubmit={onSubmit} titleId="edit-details-title" title={title} cancelLabel={t('common.cancel')} submitLabel={t('common.save')} onClose={onClose}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormErrorAlert form={form} />
        {fields.map((field) =>
          field.kind === 'city' ? (
            <FormField
              key={field.name}
              name={field.name}
              render={({ value, onChange, onBlur, inputRef, error }) => (
                <CityPicker value={typeof value === 'number' ? value : null} onChange={onChange} onBlur={onBlur} inputRef={inputRef} error={error} required={field.required} />
              )}
            />
          ) : (
            <FormTextField
              key={field.name}
              name={field.name}
              label={field.label}
              required={field.required}
              type={field.kind === 'tel' ? 'tel' : 'text'}
              multiline={field.kind === 'multiline'}
              minRows={field.kind === 'multiline' ? 2 : undefined}
              autoComplete={field.autoComplete}
              hint={field.helperText}
            />
          ),
        )}
      </Stack>
    </FormDialog>
  );
}
