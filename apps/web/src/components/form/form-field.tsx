import type { ReactNode, Ref } from 'react';
import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { translateServerMessage } from '@/lib/server-messages';

/** What a custom input (a city picker, a material choice) gets from the form. */
export interface BoundInput {
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  /** The field's message (schema or server), if any. */
  error?: string;
}

/** Binds any input to the surrounding ZodForm, with its error message. */
export function FormField<T extends FieldValues = FieldValues>({ name, render }: { name: Path<T>; render: (input: BoundInput) => ReactNode }) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <>{render({ value: field.value, onChange: field.onChange, onBlur: field.onBlur, inputRef: field.ref, error: fieldState.error?.message && translateServerMessage(fieldState.error.message) })}</>}
    />
  );
}
