import { useDeferredValue, type ReactNode } from 'react';

/**
 * Shows `children` as they were until React has time for the new ones: an update (a query's
 * answer, which TanStack Query hands React as a blocking render) re-renders this part in
 * slices that yield to the phone, not in one long task (decision 041). Returning the same
 * elements as before lets React skip the whole subtree in the blocking render. The first
 * render is not deferred. Not for parts with text fields: what is typed would lag.
 */
export function DeferredRender({ children }: { children: ReactNode }) {
  return useDeferredValue(children);
}

/**
 * Draws nothing in the render that mounts it and `children` in a transition right after, which
 * React renders in slices that yield to the phone. For what mounts in a blocking render there
 * is no other way out of: MUI's Portal (every dialog) mounts its children in a second,
 * synchronous render from a layout effect, so a pop-up opening with a phone's start page drew
 * its whole body in one long task (decision 093).
 */
export function RenderAfterMount({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : null;
}
