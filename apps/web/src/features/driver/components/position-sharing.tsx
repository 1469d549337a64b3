import { lazy, Suspense, useState } from 'react';
import { usePositionChoice } from '@/lib/position-choice';
import { useSession } from '@/lib/session';
import { useHeldOrders } from '../utils/held-orders';
import { importWhenOnline } from '@/lib/import-when-online';

// The reporter's code loads only while it has work: a phone's start carries this gate alone.
// A chunk the network did not bring is asked for again (lib/import-when-online.ts); one that
// fails otherwise leaves the page as it is: the position is a help to the store, never worth
// an error page.
const PositionReporter = lazy(() =>
  importWhenOnline(() => import('./position-reporter')).then(
    (module) => ({ default: module.PositionReporter }),
    () => ({ default: () => null }),
  ),
);

/**
 * In the driver's section on every page (design.md section 19, decision 078): while the
 * driver agreed to use its position ("Use my position", lib/position-choice.ts) and holds an
 * order in `moving`, the phone's position goes to the API for that store's ETA. The held
 * orders are the board's and the route's one query; only an answer fetched on this visit
 * counts (one kept on the device from an earlier visit may be out of date).
 */
export function PositionSharing() {
  const driverId = useSession().user?.driverId ?? null;
  const held = useHeldOrders(driverId);
  const choice = usePositionChoice();
  const moving = held.isFetchedAfterMount
    ? (held.data?.items ?? [])
        .filter((order) => order.status === 'moving')
        .map((order) => order.id)
        .join(',')
    : '';
  // The moving orders the server said were not moving (409): not tried again until the list changes.
  const [refusedFor, setRefusedFor] = useState<string | null>(null);
  if (choice !== 'use' || moving === '' || moving === refusedFor) return null;
  const onNotMoving = () => {
    setRefusedFor(moving);
    void held.refetch();
  };
  return (
    <Suspense fallback={null}>
      <PositionReporter onNotMoving={onNotMoving} />
    </Suspense>
  );
}
