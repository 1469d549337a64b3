import { SectionLayout } from '@/components/layouts/section-layout';
import { StoreOrderDialog } from '@/features/orders/components/store-order-dialog';

export function Component() {
  return (
    <>
      <SectionLayout section="store" />
      <StoreOrderDialog />
    </>
  );
}
