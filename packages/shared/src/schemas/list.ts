import { z } from 'zod';
import { text } from './text';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../constants';
import { parseOrdering, type Ordering, type OrderingValue } from '../list-ordering';

// The paging contract of every list (design.md section 4): a JSON array, newest first,
// `limit` and `cursor` in, `X-Total-Count`, `Link: <...>; rel="next"` and `ETag` out.

/** Up to this many matching rows X-Total-Count is exact; above, it may be an estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

/** Query strings carry text; an empty value means "not given" (the web app's builder skips them anyway). */
export const emptyToUndefined = (value: unknown): unknown => (value === '' ? undefined : value);

export const listLimitSchema = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIST_MAX_LIMIT, `limit may be at most ${LIST_MAX_LIMIT}`)
    .default(LIST_DEFAULT_LIMIT),
);

export const CURSOR_MESSAGE = 'Use the cursor of the previous page\'s Link header';

/**
 * Opaque to clients: copy it from the `Link: rel="next"` header of the previous page. A
 * sorted list's cursor carries the last row's sort key and id (base64url); the server
 * checks what is inside.
 */
export const listCursorSchema = z.preprocess(emptyToUndefined, text().regex(/^[A-Za-z0-9_-]{1,600}$/, CURSOR_MESSAGE).optional());

// Zod-free, so the web app's API client (loaded on /login) can read Link headers too.
export { cursorOfLink, parseNextLink } from '../link-header';

// ---- Sorting (design.md section 13): `ordering=field` or `ordering=-field` --------------
// The values and fields are zod-free (list-ordering.ts); the query schema is here.
export { formatOrdering, parseOrdering, type Ordering, type OrderingValue } from '../list-ordering';

/**
 * `ordering` of a list: one of `fields`, `-` for descending. It stays the text the client
 * sent (so the web app keeps it in its URL as is); absent means the list's default, which
 * the API applies (`orderingOf`).
 */
export function orderingSchema<const F extends readonly [string, ...string[]]>(fields: F) {
  const allowed = new Set<string>(fields.flatMap((f) => [f, `-${f}`]));
  return z.preprocess(
    emptyToUndefined,
    text()
      .refine((v) => allowed.has(v), `Sort by one of: ${fields.join(', ')} (a leading - sorts descending)`)
      .transform((v) => v as OrderingValue<F[number]>)
      .optional(),
  );
}

/** The ordering asked for, or the list's default. */
export const orderingOf = <F extends string>(value: OrderingValue<F> | undefined, fallback: OrderingValue<F>): Ordering<F> =>
  parseOrdering<F>(value ?? fallback);

/** What an unknown query parameter is told: the parameters its route knows. */
export const unknownParameterMessage = (known: readonly string[]): string =>
  known.length > 0 ? `Unknown parameter; use ${known.join(', ')}` : 'Unknown parameter; this address takes none';

/** The catchall of every strict query: how the API tells one from another object (isStrictQuery). */
const unknownParameterSchemas = new WeakSet<z.core.$ZodType>();

/**
 * A route's query string schema: any parameter it does not name is a 400 naming it
 * (design.md section 4: a typo must not silently return everything). Each unknown key fails
 * the object's catchall, so the path is the key and `errors` names it, whatever
 * else is wrong (a refinement would not run once a known parameter failed). The API
 * refuses to start with a route whose query string is not one (http/strict-query.ts).
 */
export function strictQuery<S extends z.ZodRawShape>(shape: S): z.ZodType<z.output<z.ZodObject<S>>, z.input<z.ZodObject<S>>> {
  const unknownParameter = z.unknown().refine(() => false, { message: unknownParameterMessage(Object.keys(shape)), abort: true });
  unknownParameterSchemas.add(unknownParameter);
  return z.object(shape).catchall(unknownParameter) as unknown as z.ZodType<z.output<z.ZodObject<S>>, z.input<z.ZodObject<S>>>;
}

/** True for a schema made by strictQuery, refined or not. */
export function isStrictQuery(schema: unknown): boolean {
  const catchall = schema instanceof z.ZodObject ? schema.def.catchall : undefined;
  return catchall !== undefined && unknownParameterSchemas.has(catchall);
}

export const listPageQuerySchema = strictQuery({ limit: listLimitSchema, cursor: listCursorSchema });
export type ListPageQuery = z.input<typeof listPageQuerySchema>;
