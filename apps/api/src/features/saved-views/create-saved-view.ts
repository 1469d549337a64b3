import { SAVED_VIEWS_PER_MEMBER_MAX, type SavedView, type SavedViewList } from '@app/shared/schemas/saved-views';
import type { Database } from '../../db/database';
import { conflict } from '../../http/http-error';
import { countSavedViews, insertSavedView, lockMemberForViews } from './saved-views-repository';

/**
 * Saves a member's view within the cap (409 at the cap, and for a name already used on
 * that list). Counted and inserted under the member's row lock: without it, parallel
 * creates all counted the same 99 and all inserted.
 */
export async function createSavedView(db: Database, values: { memberId: number; list: SavedViewList; name: string; query: string }): Promise<SavedView> {
  return db.transaction(async (tx) => {
    await lockMemberForViews(tx, values.memberId);
    if ((await countSavedViews(tx, values.memberId)) >= SAVED_VIEWS_PER_MEMBER_MAX) {
      throw conflict(`You have ${SAVED_VIEWS_PER_MEMBER_MAX} saved views; delete one first`);
    }
    const view = await insertSavedView(tx, values);
    if (!view) throw conflict(`You already have a view named "${values.name}" on this list`);
    return view;
  });
}
