import { useMatches } from 'react-router';
import type { ParseKeys } from 'i18next';
import type { Role } from '@app/shared/constants';

// What a route tells the shell about itself (`handle` in the route table or a route module).

export type LayoutName = 'default' | 'blank';

export interface RouteHandle {
  /** i18n key of the page title (namespace-qualified, e.g. "pages:admin.orders.title"). */
  titleKey?: `common:${ParseKeys<'common'>}` | `pages:${ParseKeys<'pages'>}`;
  /** The layout this page wants; the section's default is DEFAULT_LAYOUT. */
  layout?: LayoutName;
  /** The role whose section this route opens. */
  section?: Role;
}

/** The handles of the current matches merged, the deepest route winning. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle) Object.assign(merged, handle);
  }
  return merged;
}
