import { z } from 'zod';
import { CURSOR_MESSAGE, emptyToUndefined } from './list';
import { text } from './text';

// Every id the wire format takes in, bounded by the PostgreSQL column that holds it: a
// larger one can name no row, and sent to the database it would fail the query (a 500)
// instead of saying which field is wrong.

/** The column type of an id: `serial` tables are `integer`, identity tables `bigint`. */
export type IdColumn = 'integer' | 'bigint';

/** PostgreSQL's integer; a bigint id only as far as a JS number holds it exactly (2^53 - 1). */
export const ID_MAX: Record<IdColumn, number> = { integer: 2_147_483_647, bigint: Number.MAX_SAFE_INTEGER };

/** What each way of being wrong says: a field's own words, or these. */
export interface IdMessages {
  /** Not a whole number. */
  invalid?: string;
  /** 0 or below. */
  positive?: string;
  /** Above the column's largest: no such row can exist. */
  tooLarge?: string;
}
const DEFAULT_MESSAGES: Required<IdMessages> = { invalid: 'Use a whole number', positive: 'Use a positive id', tooLarge: 'Unknown id' };

/** A field's messages over the defaults; a field that gives only `invalid` says it for everything. */
function messagesOf(given: IdMessages): Required<IdMessages> {
  return {
    invalid: given.invalid ?? DEFAULT_MESSAGES.invalid,
    positive: given.positive ?? given.invalid ?? DEFAULT_MESSAGES.positive,
    tooLarge: given.tooLarge ?? given.invalid ?? DEFAULT_MESSAGES.tooLarge,
  };
}

const bounded = (number: z.ZodNumber, column: IdColumn, m: Required<IdMessages>) => number.int(m.invalid).min(1, m.positive).max(ID_MAX[column], m.tooLarge);

/** An id in a JSON body: a number. */
export function bodyId(column: IdColumn, messages: IdMessages = {}) {
  const m = messagesOf(messages);
  return bounded(z.number({ error: m.invalid }), column, m);
}

/** An id in a path (or wherever it may come as text): digits, read as a number. */
export function textId(column: IdColumn, messages: IdMessages = {}) {
  const m = messagesOf(messages);
  return bounded(z.coerce.number({ error: m.invalid }), column, m);
}

/** An id filter in a query string; empty means "not given". */
export const queryId = (column: IdColumn, messages: IdMessages = {}) => z.preprocess(emptyToUndefined, textId(column, messages).optional());

/** Ids in answers. */
export const idOutput = z.number().int();

/**
 * `cursor` of a list paged by its rows' own ids (the last id of the previous page), as the
 * Link header gives it: digits within the column. Sorted lists take `listCursorSchema`.
 */
export const idCursorSchema = (column: IdColumn) =>
  z.preprocess(
    emptyToUndefined,
    text()
      .regex(/^\d{1,16}$/, { message: CURSOR_MESSAGE, abort: true })
      .refine((value) => Number(value) <= ID_MAX[column], CURSOR_MESSAGE)
      .optional(),
  );
