import { useMemo } from 'react';
import { z } from 'zod';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert } from '@/components/form/zod-form';
import { NS } from '../i18n';
import { VendorPicker } from './vendor-picker';

export interface VendorPickerOptions {
  /** The vendor chosen already, if any. */
  initial?: number | null;
  /** A vendor must be chosen: the message when none is (and the picker takes the focus). */
  requiredMessage?: string;
  /** Under the picker (what an empty choice means). */
  hint?: string;
}

export interface VendorChoiceDialogProps {
  titleId: string;
  title: string;
  intro: string;
  /** Without it the dialog only asks to confirm (approving a vendor's own sign-up). */
  picker?: VendorPickerOptions;
  confirmLabel: string;
  confirmColor?: 'primary' | 'success';
  send: (vendorId: number | undefined) => Promise<unknown>;
  onClose: () => void;
}

/** The admin gives a store its vendor: approving the store's sign-up, or assigning a store that has none. */
export function VendorChoiceDialog({ titleId, title, intro, picker, confirmLabel, confirmColor, send, onClose }: VendorChoiceDialogProps) {
  const { t } = useTranslation(NS);
  const required = picker?.requiredMessage;
  const schema = useMemo(() => z.object({ vendor_id: required ? z.number({ error: required }) : z.number().optional() }), [required]);
  const form = useZodForm(schema, { defaultValues: { vendor_id: picker?.initial ?? undefined } });
  const onSubmit = form.submit(async (values) => {
    await send(values.vendor_id);
    onClose();
  });
  return (
    <FormDialog form={form} onSubmit={onSubmit} titleId={titleId} title={title} cancelLabel={t('common.cancel')} submitLabel={confirmLabel} submitColor={confirmColor} onClose={onClose}>
      <Stack spacing={2}>
        <DialogContentText>{intro}</DialogContentText>
        <FormErrorAlert form={form} />
        {picker && (
          <FormField
            name="vendor_id"
            render={({ value, onChange, error }) => (
              <VendorPicker value={value as number | undefined} onChange={(id) => onChange(id ?? undefined)} error={error} helperText={picker.hint} required={!!required} autoFocus={!!required} />
            )}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
