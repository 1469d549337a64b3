import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FieldValues } from 'react-hook-form';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import type { ZodForm as ZodFormState } from './use-zod-form';
import { ZodForm } from './zod-form';

export interface FormDialogProps<TIn extends FieldValues, TOut> {
  form: ZodFormState<TIn, TOut>;
  /** From `form.submit(action)`. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** Names the dialog (its `aria-labelledby`). */
  titleId: string;
  title: ReactNode;
  cancelLabel: string;
  submitLabel: string;
  /** `error` for what cannot be undone (reject, cancel), `success` for an approval. */
  submitColor?: 'primary' | 'error' | 'success';
  onClose: () => void;
  /** Added to the paper's style (it is DIALOG_MAX_WIDTH_PX wide at most). */
  paperSx?: SxProps<Theme>;
  actionsSx?: SxProps<Theme>;
  /** The content; it places `<FormErrorAlert>` itself (under its intro). */
  children: ReactNode;
}

const PAPER = { maxWidth: DIALOG_MAX_WIDTH_PX };

/**
 * The form kit's dialog: a ZodForm with a title, the caller's fields, and Cancel / submit.
 * It cannot be closed while the form is sending, so an answer never lands on a closed dialog.
 */
export function FormDialog<TIn extends FieldValues, TOut>({ form, onSubmit, titleId, title, cancelLabel, submitLabel, submitColor, onClose, paperSx, actionsSx, children }: FormDialogProps<TIn, TOut>) {
  const { isSubmitting } = form.formState;
  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} fullWidth aria-labelledby={titleId} slotProps={{ paper: { sx: [PAPER, ...(Array.isArray(paperSx) ? paperSx : [paperSx])] } }}>
      <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={actionsSx}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" color={submitColor} loading={isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </ZodForm>
    </Dialog>
  );
}
