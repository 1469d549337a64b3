import { z } from 'zod';

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000)';

/**
 * Every text of the wire format. PostgreSQL cannot store the NUL character in text, so
 * a NUL that got through validation would fail deep in the database; here it is a 400
 * naming the field, and the web app's forms say the same.
 */
export const text = () => z.string().refine((value) => !value.includes('\u0000'), { message: NUL_MESSAGE, abort: true });
