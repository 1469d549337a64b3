// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_CITY_WITH_OPEN_PICKUPS, HOME_PIN_KEPT, paymentInputSchema, handoverCodeSchema } from '@app/shared/schemas/households';
import { changeLanguage } from '@/lib/language';
import { translateServerMessage } from '@/lib/server-messages';
import { registerLanguagePacks } from './language-packs';

// A household's pickup at the door (design.md section 21): the API's refusals of the driver's
// handover code (apps/api/src/features/orders/handover-code.ts) and the shared payment and code
// schemas' messages, word for word, shown in Hindi on the driver's screen.

registerLanguagePacks();

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message ?? '';

const IN_HINDI: [string, string][] = [
  ['The code is not right. Ask the household for the code in its SMS.', 'कोड सही नहीं है। घरेलू ग्राहक से उसके SMS वाला कोड पूछें।'],
  ['The code was entered wrongly 5 times. Ask the household to approve on its phone, or call admin.', 'कोड 5 बार गलत लिखा गया। घरेलू ग्राहक से अपने फ़ोन पर मंज़ूर करने को कहें, या एडमिन को फ़ोन करें।'],
  ['The code has expired. Ask the household to approve on its phone, or call admin.', 'कोड की मियाद ख़त्म हो गई। घरेलू ग्राहक से अपने फ़ोन पर मंज़ूर करने को कहें, या एडमिन को फ़ोन करें।'],
  [firstMessage(handoverCodeSchema.safeParse('123')), 'घरेलू ग्राहक के SMS का 6 अंकों का कोड लिखें'],
  [firstMessage(paymentInputSchema.safeParse({ method: 'upi', reference: '12' })), 'UPI रेफ़रेंस 12 अंकों का होता है'],
  [firstMessage(paymentInputSchema.safeParse({ method: 'cheque' })), 'नकद या UPI चुनें'],
  [firstMessage(paymentInputSchema.safeParse({ method: 'cash', reference: '1' })), 'नकद का कोई रेफ़रेंस नहीं होता: इसे खाली छोड़ें'],
  [HOME_PIN_KEPT, 'घर का पिन खिसकाया जा सकता है, हटाया नहीं जा सकता: ड्राइवर आपका घर उसी से ढूँढता है'],
  [HOME_CITY_WITH_OPEN_PICKUPS, 'दूसरे शहर में जाने से पहले अपने खुले पिकअप पूरे या रद्द करें'],
];

describe("the household handover's messages on Hindi screens", () => {
  beforeAll(() => changeLanguage('hi', { remember: false }));
  afterAll(() => changeLanguage('en', { remember: false }));

  it.each(IN_HINDI)('%s', (english, hindi) => {
    expect(english).not.toBe('');
    expect(translateServerMessage(english)).toBe(hindi);
  });
});
