import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { applyServerErrors } from '@/lib/form-errors';
import { translatedResolver } from '@/lib/translated-resolver';

// The form kit's hook: react-hook-form checked by a shared zod schema (the same one the
// API checks with), and a submit that puts a failed request's messages where they belong:
// each `errors[field]` of a 400 under its field (array lines too: `details.1.weight`),
// the rest in `formError` above the form.

export interface ZodFormOptions<TIn extends FieldValues, TOut> extends Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> {
  /** Wire names that differ from the form's (`store.city_id` -> `city_id`). */
  fieldMap?: Partial<Record<string, Path<TIn>>>;
}

export interface ZodForm<TIn extends FieldValues, TOut> extends UseFormReturn<TIn, unknown, TOut> {
  /** The message for the whole form (the server's detail, or what no field could show). */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /**
   * A submit handler that runs `action` with the checked values and places its errors;
   * `onInvalid` runs when the schema refuses the values (to reveal hidden fields, say).
   */
  submit: (action: (values: TOut) => Promise<unknown>, onInvalid?: () => void) => (event?: React.BaseSyntheticEvent) => Promise<void>;
}

/** Every field path of a value (`name`, `store.city_id`, `details.0.weight`). */
export function fieldPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof File) return prefix ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  const paths = entries.flatMap(([key, item]) => fieldPaths(item, prefix ? `${prefix}.${key}` : key));
  return prefix ? [prefix, ...paths] : paths;
}

export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  { fieldMap, ...options }: ZodFormOptions<z.input<S>, z.output<S>> = {},
): ZodForm<z.input<S>, z.output<S>> {
  type TIn = z.input<S>;
  const form = useForm<TIn, unknown, z.output<S>>({
    // The resolver's generics cannot follow a generic schema; the schema is the same one.
    // Messages in the reader's language (lib/translated-resolver.ts).
    resolver: translatedResolver(zodResolver(schema as never) as never),
    mode: 'onTouched',
    ...options,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const submit: ZodForm<TIn, z.output<S>>['submit'] = (action, onInvalid) =>
    form.handleSubmit(
      async (values) => {
        setFormError(null);
        try {
          await action(values);
        } catch (error) {
          const known = fieldPaths(form.getValues()) as Path<TIn>[];
          setFormError(applyServerErrors(error, form.setError, known, fieldMap));
        }
      },
      onInvalid && (() => onInvalid()),
    );
  return { ...form, formError, setFormError, submit };
}
