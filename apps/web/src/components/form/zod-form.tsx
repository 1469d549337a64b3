import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box, { type BoxProps } from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { FormProvider, type FieldValues } from 'react-hook-form';
import type { ZodForm as ZodFormState } from './use-zod-form';

export type ZodFormProps<TIn extends FieldValues, TOut> = Omit<BoxProps<'form'>, 'onSubmit' | 'component'> & {
  form: ZodFormState<TIn, TOut>;
  /** From `form.submit(action)`. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
  /** False when the form shows `<FormErrorAlert>` itself (in a dialog's content, beside its buttons). */
  formErrorOnTop?: boolean;
};

/** The form-level error (the server's detail, or what no field could show), where a form wants it. */
export function FormErrorAlert<TIn extends FieldValues, TOut>({ form, sx }: { form: ZodFormState<TIn, TOut>; sx?: SxProps<Theme> }) {
  if (!form.formError) return null;
  return (
    <Alert severity="error" role="alert" sx={sx}>
      {form.formError}
    </Alert>
  );
}

/**
 * A `<form>` that gives its fields the form (FormTextField and friends need no `control`)
 * and shows the form-level error above them.
 */
export function ZodForm<TIn extends FieldValues, TOut>({ form, onSubmit, children, formErrorOnTop = true, ...box }: ZodFormProps<TIn, TOut>) {
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} {...box}>
        {formErrorOnTop && <FormErrorAlert form={form} sx={{ mb: 2 }} />}
        {children}
      </Box>
    </FormProvider>
  );
}
