import { SectionLayout } from '@/components/layouts/section-layout';
import { StoreOrderDialog } from '@/features/orders/components/store-order-dialog';
import { NotificationsBell } from '@/features/settings/components/notifications-bell';

export function Component() {
  return (
    <>
      <SectionLayout section="store" topBarExtras={<NotificationsBell />} />
      <StoreOrderDialog />
    </>
  );
}
