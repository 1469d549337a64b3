import type { ReactNode } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import type { SxProps, Theme } from '@mui/material/styles';
import type { z } from 'zod';
import { FormDialog } from './form-dialog';
import { FormTextField } from './form-text-field';
import { useZodForm } from './use-zod-form';
import { FormErrorAlert } from './zod-form';

/** A form of one `reason` text: the shared request schema, or a form's own (required there). */
export type ReasonSchema = z.ZodType<{ reason?: string | null }, { reason?: string | null }>;

export interface ReasonDialogProps {
  /** Names the dialog (its `aria-labelledby`). */
  titleId: string;
  title: string;
  /** What happens, above the reason. */
  intro: ReactNode;
  schema: ReasonSchema;
  label: string;
  /** Under the box while it has no error. */
  hint?: string;
  required?: boolean;
  maxLength: number;
  cancelLabel: string;
  confirmLabel: string;
  /**
   * Sends the reason, trimmed ('' when none was given). A failure keeps the dialog open
   * with its messages: the server's `errors.reason` under the box, the rest above it.
   */
  send: (reason: string) => Promise<unknown>;
  /** On Cancel, and once `send` has worked. */
  onClose: () => void;
  /** Inside the form, above the box (quick choices that fill it through the form's context). */
  children?: ReactNode;
  paperSx?: SxProps<Theme>;
  actionsSx?: SxProps<Theme>;
}

/** Asks why before something that cannot be undone (reject, cancel, call the admin), then does it. */
export function ReasonDialog({ titleId, title, intro, schema, label, hint, required, maxLength, cancelLabel, confirmLabel, send, onClose, children, paperSx, actionsSx }: ReasonDialogProps) {
  const form = useZodForm(schema, { defaultValues: { reason: '' } });
  const onSubmit = form.submit(async (values) => {
    await send((values.reason ?? '').trim());
    onClose();
  });
  return (
    <FormDialog
      form={form}
      onSubmit={onSubmit}
      titleId={titleId}
      title={title}
      cancelLabel={cancelLabel}
      submitLabel={confirmLabel}
      submitColor="error"
      onClose={onClose}
      paperSx={paperSx}
      actionsSx={actionsSx}
    >
      <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
      <FormErrorAlert form={form} sx={{ mb: 2 }} />
      {children}
      <FormTextField name="reason" label={label} required={required} multiline minRows={2} hint={hint} slotProps={{ htmlInput: { maxLength } }} />
    </FormDialog>
  );
}
