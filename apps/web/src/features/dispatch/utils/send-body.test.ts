import { describe, expect, it } from 'vitest';
import { adminLinesBodySchema } from '@app/shared/schemas/orders';
import { anOrder } from '@/test/fixtures';
import { sendToDriverBody } from './send-body';

describe('the body of "Send to driver"', () => {
  it("sends the order's lines as they are, each with its id, and the driver: a body the API's schema takes", () => {
    const body = sendToDriverBody(anOrder({ status: 'pending', driver: null }), 9);
    expect(body).toEqual({
      details: [
        { id: 101, material_id: 1, weight: 10.5 },
        { id: 102, material_id: 2, weight: 42.25 },
      ],
      driver_id: 9,
    });
    expect(adminLinesBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends nothing while a line has no weight (the API would refuse it)', () => {
    const order = anOrder({ status: 'pending', driver: null });
    expect(sendToDriverBody({ details: [order.details[0]!, { ...order.details[1]!, weight: null }] }, 9)).toBeNull();
  });
});
