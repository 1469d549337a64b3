import { usePositionReporting } from '../utils/use-position-reporting';

/** Posts the phone's position while mounted; loaded (position-sharing.tsx) only while an order is moving. */
export function PositionReporter({ onNotMoving }: { onNotMoving: () => void }) {
  usePositionReporting(onNotMoving);
  return null;
}
