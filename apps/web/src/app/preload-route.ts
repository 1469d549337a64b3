import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Starts loading the modules of the routes that `pathname` matches. Called before
 * /config.json is read, so the page's chunks come down alongside it instead of after it:
 * on a slow phone network that saves a round trip before the first paint. The router asks
 * for the same modules later and gets them from the browser's module map.
 */
export function preloadMatchedRoutes(routes: RouteObject[], pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    // A failure here is the router's to report when it loads the route itself.
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
  }
}
