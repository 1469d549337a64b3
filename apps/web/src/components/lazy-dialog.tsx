import { lazy, Suspense, type ComponentType } from 'react';
import { importWhenOnline } from '@/lib/import-when-online';
import { LoadingBar } from './loading-bar';

/** A dialog's code quicker than this opens with nothing before it; a slower one shows the bar. */
const BAR_AFTER_MS = 300;

/**
 * A dialog whose code loads the first time it is drawn, so a page does not carry a form it
 * may never open (decision 045). While it loads, the loading bar at the top says the press was
 * heard, from 300 ms on (a slow phone, or a weak network asking again: decision 096).
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => importWhenOnline(load).then((component) => ({ default: component })));
  // Typed through ComponentType: React's lazy types lose a generic component's props.
  const Dialog = Loaded as unknown as ComponentType<P>;
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={<LoadingBar delayMs={BAR_AFTER_MS} />}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
