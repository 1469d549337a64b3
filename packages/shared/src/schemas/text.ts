import { z } from 'zod';

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000)';
export const LONE_SURROGATE_MESSAGE = 'Text may not contain a lone UTF-16 surrogate (\\uD800-\\uDFFF); send well-formed Unicode';

// Written out rather than String.prototype.isWellFormed: the web app's browsers and lib target predate it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for a string holding half of a surrogate pair: JSON's "\ud800" can say it, UTF-8 cannot. */
export const isWellFormedText = (value: string): boolean => !LONE_SURROGATE.test(value);

/**
 * Every text of the wire format. PostgreSQL cannot store the NUL character, nor a lone
 * surrogate (jsonb refuses its escape; a text column would get U+FFFD instead of what was
 * sent), so either would fail deep in the database or change the text; here it is a 400
 * naming the field, and the web app's forms say the same. `error` is the message for a
 * value that is not text at all.
 */
export const text = (params?: { error: string }) =>
  z
    .string(params)
    .refine((value) => !value.includes('\u0000'), { message: NUL_MESSAGE, abort: true })
    .refine(isWellFormedText, { message: LONE_SURROGATE_MESSAGE, abort: true });
