import { afterAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@app/shared/order-status';
import { errorFromBody } from '@/lib/api-error';
import { addTranslations, i18n } from '@/lib/i18n';
import { changeLanguage } from '@/lib/language';
import { registerLanguagePacks } from './language-packs';
import { driverEn } from '@/features/driver/locales/en';
import { classify } from '@/features/driver/outbox/outbox-sender';
import { refusalText } from '@/features/driver/utils/refusal-text';

addTranslations('driver', driverEn);
registerLanguagePacks();

// A replayed step the server refused for the order's status: the driver reads status
// labels in the language of the screen, never a wire key such as "accepted".

const t = i18n.getFixedT(null, 'driver');
const label = (status: OrderStatus) => i18n.t(`common:orderStatus.${status}`);
const refusalOf = (body: unknown) => {
  const outcome = classify(errorFromBody(409, body, 'Conflict'));
  if (outcome.kind !== 'refused') throw new Error(`not refused: ${outcome.kind}`);
  return outcome.refusal;
};
const accepted = { detail: 'Order #00000042 is Accepted now; this step needs it to be Pending', order_status: 'accepted', allowed_statuses: ['pending'] };
const cancelled = { detail: 'Order #00000042 is Cancelled now; this step needs it to be one of: Pending, Accepted', order_status: 'cancelled', allowed_statuses: ['pending', 'accepted'] };

describe('the reason of a refused step', () => {
  afterAll(() => changeLanguage('en', { remember: false }));

  it('keeps the status codes the server sent with the refusal', () => {
    expect(refusalOf(accepted)).toMatchObject({ status: 409, statuses: { now: 'accepted', needed: ['pending'] } });
    // Codes that are not statuses are not taken: the sentence is shown instead.
    expect(refusalOf({ ...accepted, order_status: 'gone' }).statuses).toBeUndefined();
  });

  it('says it with status labels in English', () => {
    expect(refusalText(refusalOf(accepted), t, label)).toBe('This order is now Accepted; this step needs it to be Pending.');
    expect(refusalText(refusalOf(cancelled), t, label)).toBe('This order is now Cancelled; this step needs it to be one of: Pending, Accepted.');
    // An entry kept before the codes existed shows the server's sentence.
    expect(refusalText({ status: 409, detail: 'Order #00000042 is Cancelled now', errors: {} }, t, label)).toBe('Order #00000042 is Cancelled now');
  });

  it('says it with the Hindi status labels in Hindi', async () => {
    await changeLanguage('hi', { remember: false });
    const hi = i18n.getFixedT('hi', 'driver');
    const text = refusalText(refusalOf(accepted), hi, label);
    expect(text).toBe('यह ऑर्डर अब "स्वीकार हुआ" है; यह कदम तभी हो सकता है जब स्थिति "बाकी" हो।');
    expect(text).not.toMatch(/[A-Za-z]/);
    // The server's sentence, when that is all there is, goes through the Hindi matcher.
    expect(refusalText({ status: 409, detail: cancelled.detail, errors: {} }, hi, label)).toBe(
      'ऑर्डर #00000042 की स्थिति अब "रद्द" है; यह कदम तभी हो सकता है जब स्थिति इनमें से कोई हो: बाकी, स्वीकार हुआ',
    );
  });
});
