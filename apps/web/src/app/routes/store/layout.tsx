import { SectionLayout } from '@/components/layouts/section-layout';
import { LiveIndicator } from '@/features/live/components/live-indicator';
import { StoreOrderDialog } from '@/features/orders/components/store-order-dialog';
import { NotificationsBell } from '@/features/settings/components/notifications-bell';

export function Component() {
  return (
    <>
      <SectionLayout
        section="store"
        topBarExtras={
          <>
            <LiveIndicator />
            <NotificationsBell />
          </>
        }
      />
      <StoreOrderDialog />
    </>
  );
}
