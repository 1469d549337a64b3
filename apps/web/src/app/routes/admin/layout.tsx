import { SectionLayout } from '@/components/layouts/section-layout';
import { NotificationsBell } from '@/features/settings/components/notifications-bell';

export function Component() {
  return <SectionLayout section="admin" topBarExtras={<NotificationsBell />} />;
}
