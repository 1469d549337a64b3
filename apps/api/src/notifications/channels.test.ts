import { describe, expect, it } from 'vitest';
import { NOTIFICATION_PREFERENCES_DEFAULT } from '@app/shared/schemas/settings';
import { WHATSAPP_KINDS } from '../whatsapp/whatsapp-config';
import { NOTIFICATION_KINDS } from './channels';

// The one table of which channels each kind of notification may use (design.md section 20).
describe('channels per kind of notification', () => {
  it('names them as the README lists them', () => {
    const table = Object.fromEntries(Object.entries(NOTIFICATION_KINDS).map(([kind, channels]) => [kind, Object.keys(channels).sort()]));
    expect(table).toEqual({
      sign_in_code: ['sms'],
      handover_code: ['sms'],
      household_receipt: ['sms'],
      password_reset: ['mail'],
      order_update: ['in_app', 'mail', 'push', 'whatsapp'],
      escalation: ['in_app', 'mail', 'push'],
      notice: ['in_app', 'push'],
    });
  });

  it('gates each channel by a preference members can set, and WhatsApp only for kinds with an approved template', () => {
    for (const channels of Object.values(NOTIFICATION_KINDS)) {
      for (const gate of Object.values(channels)) if (gate !== null) expect(Object.keys(NOTIFICATION_PREFERENCES_DEFAULT)).toContain(gate);
    }
    const withWhatsApp = Object.entries(NOTIFICATION_KINDS).filter(([, channels]) => 'whatsapp' in channels).map(([kind]) => kind);
    expect(withWhatsApp).toEqual([...WHATSAPP_KINDS]);
    // WhatsApp's policy: off until the member opts in.
    expect(NOTIFICATION_PREFERENCES_DEFAULT.whatsapp_order_updates).toBe(false);
  });
});
