import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Puts a failed request's messages where they belong: each `errors[field]` of the server's
 * answer at its form field (renamed through `fieldMap` when the form's names differ from the
 * wire's), the rest (and the `detail`) in the form-level message this returns.
 * Answers null when every message found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldMap: Partial<Record<string, Path<T>>> = {},
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const leftovers: string[] = [];
  let placed = 0;
  for (const [wireName, messages] of Object.entries(error.errors)) {
    const target = fieldMap[wireName] ?? (fields.includes(wireName as Path<T>) ? (wireName as Path<T>) : undefined);
    if (target) {
      setError(target, { type: 'server', message: messages.join(' ') }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      leftovers.push(...messages);
    }
  }
  if (placed > 0 && leftovers.length === 0) return null;
  return leftovers.length > 0 && !error.fromServer ? leftovers.join(' ') : error.detail;
}
