import { SectionLayout } from '@/components/layouts/section-layout';
import { OutboxIndicator } from '@/features/driver/components/outbox-indicator';
import { PositionSharing } from '@/features/driver/components/position-sharing';
import { LiveIndicator } from '@/features/live/components/live-indicator';
import { NotificationsBell } from '@/features/settings/components/notifications-bell';

export function Component() {
  return (
    <SectionLayout
      section="driver"
      topBarExtras={
        <>
          <OutboxIndicator />
          <LiveIndicator />
          <NotificationsBell />
          {/* Draws nothing: on every page of the section, it sends the position while an order is moving. */}
          <PositionSharing />
        </>
      }
    />
  );
}
