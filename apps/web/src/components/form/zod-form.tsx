import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box, { type BoxProps } from '@mui/material/Box';
import { FormProvider, type FieldValues } from 'react-hook-form';
import type { ZodForm as ZodFormState } from './use-zod-form';

export type ZodFormProps<TIn extends FieldValues, TOut> = Omit<BoxProps<'form'>, 'onSubmit' | 'component'> & {
  form: ZodFormState<TIn, TOut>;
  /** From `form.submit(action)`. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
};

/**
 * A `<form>` that gives its fields the form (FormTextField and friends need no `control`)
 * and shows the form-level error above them.
 */
export function ZodForm<TIn extends FieldValues, TOut>({ form, onSubmit, children, ...box }: ZodFormProps<TIn, TOut>) {
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} {...box}>
        {form.formError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {form.formError}
          </Alert>
        )}
        {children}
      </Box>
    </FormProvider>
  );
}
