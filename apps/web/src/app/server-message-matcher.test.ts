// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { changeLanguage } from '@/lib/language';
import { translateServerMessage } from '@/lib/server-messages';
import { registerLanguagePacks } from './language-packs';

// Issue 18 item 4: the API's English sentences that Hindi screens still showed in English.
// The English texts here are the API's, word for word (apps/api: order-rules.test.ts pins
// the minimum weight's, order-scheduler.test.ts the auto-cancel reason and notifications).

registerLanguagePacks();

const MIN_WEIGHT = 'A pickup needs at least 25 kg in all; the estimated weights add up to 1,234.5 kg';
const MIN_WEIGHT_HI = 'न्यूनतम ऑर्डर वज़न 25 किलो है; आपके अंदाज़न वज़न का जोड़ 1,234.5 किलो है';
const REASON = 'Cancelled automatically: no driver accepted it in 24 hours';
const REASON_HI = 'अपने आप रद्द: 24 घंटे में किसी ड्राइवर ने स्वीकार नहीं किया';

describe('server messages on Hindi screens', () => {
  beforeAll(() => changeLanguage('hi', { remember: false }));
  afterAll(() => changeLanguage('en', { remember: false }));

  it('shows the minimum-weight refusal in Hindi, its weights in किलो, on the field and in the detail', () => {
    const error = new ApiError(400, `details: ${MIN_WEIGHT}`, { details: [MIN_WEIGHT] }, 'http', true);
    expect(error.errors.details).toEqual([MIN_WEIGHT_HI]);
    expect(error.detail).toBe(`details: ${MIN_WEIGHT_HI}`);
    expect(error.originalDetail).toBe(`details: ${MIN_WEIGHT}`);
    expect(translateServerMessage('A pickup needs at least 0.5 kg in all; the estimated weights add up to 0 kg')).toBe('न्यूनतम ऑर्डर वज़न 0.5 किलो है; आपके अंदाज़न वज़न का जोड़ 0 किलो है');
  });

  it('shows the system\'s cancel reason in Hindi in the order history', () => {
    expect(translateServerMessage(REASON)).toBe(REASON_HI);
  });

  it('shows auto-cancel notifications written before the API said them in Hindi, in Hindi', () => {
    // Written for a member who read English then: the reason inside is translated too.
    expect(translateServerMessage(`Order #00000042 was cancelled: ${REASON}`)).toBe(`ऑर्डर #00000042 रद्द हुआ: ${REASON_HI}`);
    // Written for a Hindi member with the English reason inside.
    expect(translateServerMessage(`ऑर्डर #00000042 रद्द हुआ: ${REASON}`)).toBe(`ऑर्डर #00000042 रद्द हुआ: ${REASON_HI}`);
    // A person's reason stays as they typed it.
    expect(translateServerMessage('Order #00000042 was cancelled: Wrong address')).toBe('ऑर्डर #00000042 रद्द हुआ: Wrong address');
    expect(translateServerMessage('ऑर्डर #00000042 रद्द हुआ: Wrong address')).toBe('ऑर्डर #00000042 रद्द हुआ: Wrong address');
  });

  it('leaves a text with an English prefix it does not know as it is', () => {
    expect(translateServerMessage(`Something else: ${REASON}`)).toBe(`Something else: ${REASON}`);
  });
});

describe('the same messages on English screens', () => {
  it('pass unchanged', async () => {
    await changeLanguage('en', { remember: false });
    expect(new ApiError(400, `details: ${MIN_WEIGHT}`, { details: [MIN_WEIGHT] }).errors.details).toEqual([MIN_WEIGHT]);
    expect(translateServerMessage(`Order #00000042 was cancelled: ${REASON}`)).toBe(`Order #00000042 was cancelled: ${REASON}`);
  });
});
