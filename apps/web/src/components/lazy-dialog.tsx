import { lazy, Suspense, type ComponentType } from 'react';
import { importWhenOnline } from '@/lib/import-when-online';

/**
 * A dialog whose code loads the first time it is drawn, so a page does not carry a form it
 * may never open (decision 045). Nothing shows while it loads: the dialog appears with its
 * code, a moment after the press on a slow phone.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => importWhenOnline(load).then((component) => ({ default: component })));
  // Typed through ComponentType: React's lazy types lose a generic component's props.
  const Dialog = Loaded as unknown as ComponentType<P>;
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
