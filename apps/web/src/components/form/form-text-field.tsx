import type { ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { translateServerMessage } from '@/lib/server-messages';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'inputRef'> & {
  name: Path<T>;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  /** Turns the text into the form's value (an empty box into null, say). */
  parse?: (text: string) => unknown;
};

/**
 * A labelled MUI text field bound to the surrounding ZodForm: its error (the schema's, or
 * the server's for the same wire name) shows under it, else its hint.
 */
export function FormTextField<T extends FieldValues = FieldValues>({ name, hint, parse, ...props }: FormTextFieldProps<T>) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          {...props}
          name={field.name}
          // A number box left empty holds NaN (so the schema refuses it): shown empty.
          value={typeof field.value === 'number' && Number.isNaN(field.value) ? '' : (field.value ?? '')}
          onChange={(event) => field.onChange(parse ? parse(event.target.value) : event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? translateServerMessage(fieldState.error.message) : hint}
        />
      )}
    />
  );
}
