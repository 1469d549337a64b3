import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { PasswordField, type PasswordFieldProps } from './password-field';
import { translateServerMessage } from '@/lib/server-messages';

/** A password field bound to the surrounding ZodForm, with its error or hint under it. */
export function FormPasswordField<T extends FieldValues = FieldValues>({ name, hint, ...props }: Omit<PasswordFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'> & { name: Path<T>; hint?: ReactNode }) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PasswordField
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? translateServerMessage(fieldState.error.message) : hint}
        />
      )}
    />
  );
}
