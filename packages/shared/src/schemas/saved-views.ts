import { z } from 'zod';
import { text } from './text';
import { emptyToUndefined, strictQuery } from './list';
import { idOutput, textId } from './ids';

// A member's named list views (design.md section 13): the filters and sort of a list,
// kept as the list's query string, so opening a view is opening that URL.

/** The lists a view may belong to: the web app's list screens with filters and sort. */
export const SAVED_VIEW_LISTS = ['orders', 'vendors', 'stores', 'drivers', 'members', 'escalations'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export const SAVED_VIEW_NAME_MAX = 80;
export const SAVED_VIEW_QUERY_MAX = 2000;
/** Views one member may keep (so GET /saved-views needs no paging). */
export const SAVED_VIEWS_PER_MEMBER_MAX = 100;

export const savedViewListSchema = z.enum(SAVED_VIEW_LISTS, { error: `Use one of: ${SAVED_VIEW_LISTS.join(', ')}` });

export const savedViewSchema = z.object({
  id: idOutput,
  name: text(),
  list: savedViewListSchema,
  /** The list's query string without `limit` and `cursor`, e.g. `status=pending&ordering=-vendor_amount`. */
  query: text(),
  created_at: text().describe('ISO 8601 time, UTC'),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const createSavedViewBodySchema = z.object({
  name: text().trim().min(1, 'Enter a name for the view').max(SAVED_VIEW_NAME_MAX, `Use at most ${SAVED_VIEW_NAME_MAX} characters`),
  list: savedViewListSchema,
  query: text()
    .trim()
    .max(SAVED_VIEW_QUERY_MAX, `A view's query may have at most ${SAVED_VIEW_QUERY_MAX} characters`)
    .transform((q) => q.replace(/^\?/, '')),
});
export type CreateSavedViewBody = z.input<typeof createSavedViewBodySchema>;

export const savedViewListQuerySchema = strictQuery({ list: z.preprocess(emptyToUndefined, savedViewListSchema.optional()) });

export const savedViewIdParamsSchema = z.object({ id: textId('integer', { invalid: 'A view id is a whole number', tooLarge: 'Unknown view' }) });
