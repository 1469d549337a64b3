import { SectionLayout } from '@/components/layouts/section-layout';
import { LiveIndicator } from '@/features/live/components/live-indicator';

export function Component() {
  return <SectionLayout section="driver" topBarExtras={<LiveIndicator />} />;
}
