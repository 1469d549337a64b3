import type { FieldValues, Resolver } from 'react-hook-form';
import { translateServerMessage } from './server-messages';

// The shared zod schemas speak the API's English (they are the API's too). A form shows
// their messages in the reader's language: this wraps a resolver (zodResolver) and passes
// every message through the same translator as the server's (lib/server-messages.ts).

function translateTree(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'ref') continue; // the input element
    if (key === 'message' && typeof value === 'string') (node as Record<string, unknown>)[key] = translateServerMessage(value);
    else translateTree(value);
  }
}

export function translatedResolver<TIn extends FieldValues, TContext, TOut>(resolver: Resolver<TIn, TContext, TOut>): Resolver<TIn, TContext, TOut> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    translateTree(result.errors);
    return result;
  };
}
