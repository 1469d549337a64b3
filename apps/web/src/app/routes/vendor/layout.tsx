import { SectionLayout } from '@/components/layouts/section-layout';
import { LiveIndicator } from '@/features/live/components/live-indicator';
import { NotificationsBell } from '@/features/settings/components/notifications-bell';

export function Component() {
  return (
    <SectionLayout
      section="vendor"
      topBarExtras={
        <>
          <LiveIndicator />
          <NotificationsBell />
        </>
      }
    />
  );
}
