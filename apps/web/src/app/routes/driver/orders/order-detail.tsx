import { useSearchParams } from 'react-router';
import { DriverOrderDetail } from '@/features/driver/components/driver-order-detail';

// /Driver/Orders/OrderDetail?id=N: one pickup, step by step.
export function Component() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  return <DriverOrderDetail key={id ?? 0} orderId={id} />;
}
