import type { OrderLine } from '@app/shared/schemas/orders';
import { useMaterialName } from '@/data/catalog';

/** An order's materials in one line, in the app's language: "Copper, Iron". */
export function MaterialNames({ details }: { details: readonly Pick<OrderLine, 'material'>[] }) {
  const nameOf = useMaterialName();
  return <>{details.map((d) => nameOf(d.material)).join(', ')}</>;
}
