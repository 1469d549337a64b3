import { describe, expect, it } from 'vitest';
import { completionBodySchema, paymentInputSchema, UPI_REFERENCE_MESSAGE } from './households';

const issues = (value: unknown) => {
  const result = paymentInputSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('payment at the door', () => {
  it('takes cash without a reference and UPI with exactly 12 digits', () => {
    expect(paymentInputSchema.parse({ method: 'cash' })).toEqual({ method: 'cash', reference: null });
    expect(paymentInputSchema.parse({ method: 'cash', reference: '  ' })).toEqual({ method: 'cash', reference: null });
    expect(paymentInputSchema.parse({ method: 'upi', reference: ' 412345678901 ' })).toEqual({ method: 'upi', reference: '412345678901' });
  });

  it('names the reference when UPI has none, too few, too many or non-digits, and when cash has one', () => {
    for (const reference of [undefined, null, '', '41234567890', '4123456789012', '41234567890a', '४१२३४५६७८९०१']) {
      expect(issues({ method: 'upi', reference })).toEqual([`reference: ${UPI_REFERENCE_MESSAGE}`]);
    }
    expect(issues({ method: 'cash', reference: '412345678901' })).toEqual(['reference: Cash has no reference: leave it empty']);
    expect(issues({ method: 'card' })).toEqual(['method: Choose cash or UPI']);
  });

  it('completes with nothing, a payment, or a code and a payment; nothing else', () => {
    expect(completionBodySchema.parse(null)).toBeNull();
    expect(completionBodySchema.parse({ handover_code: '012345', payment: { method: 'cash' } })).toEqual({ handover_code: '012345', payment: { method: 'cash', reference: null } });
    expect(completionBodySchema.safeParse({ handover_code: '12345' }).success).toBe(false);
    expect(completionBodySchema.safeParse({ amount: 5 }).success).toBe(false);
  });
});
