import { SectionLayout } from '@/components/layouts/section-layout';
import { LiveIndicator } from '@/features/live/components/live-indicator';

/**
 * A household's pages (design.md section 21): its pickups, booking one. No notifications
 * bell: a household hears of its pickups by SMS (and WhatsApp when it opted in), and its
 * order page follows the order live.
 */
export function Component() {
  return <SectionLayout section="household" topBarExtras={<LiveIndicator />} />;
}
