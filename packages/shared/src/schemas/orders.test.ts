import { describe, expect, it } from 'vitest';
import { adminLinesBodySchema, createOrderBodySchema, orderListQuerySchema, weighedLinesBodySchema } from './orders';

describe('the order wire schemas', () => {
  it('reads a comma list of statuses and names an unknown one', () => {
    expect(orderListQuerySchema.parse({ status: 'pending, moving,pending' }).status).toEqual(['pending', 'moving']);
    const bad = orderListQuerySchema.safeParse({ status: 'pending,flying' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['status'], message: expect.stringMatching(/"flying"/) });
  });

  it('names the line of a bad weight with the parser\'s message', () => {
    const res = weighedLinesBodySchema.safeParse({ details: [{ material_id: 1, weight: 2 }, { material_id: 2, weight: '1.2345' }] });
    expect(res.error?.issues).toEqual([expect.objectContaining({ path: ['details', 1, 'weight'], message: 'Weight may have at most 3 decimals' })]);
    expect(weighedLinesBodySchema.safeParse({ details: [{ material_id: 1 }] }).error?.issues[0]?.message).toBe('Weight is required');
  });

  it('lets an estimate be left out when creating, not set to nonsense', () => {
    expect(createOrderBodySchema.safeParse({ details: [{ material_id: 1 }] }).success).toBe(true);
    expect(createOrderBodySchema.safeParse({ details: [{ material_id: 1, weight: null }] }).success).toBe(false);
  });

  it('refuses a material twice and a line id twice, naming the later line', () => {
    const twice = adminLinesBodySchema.safeParse({
      details: [
        { id: 1, material_id: 5, weight: 1 },
        { id: 1, material_id: 5, weight: 2 },
      ],
    });
    expect(twice.error?.issues.map((i) => i.path.join('.'))).toEqual(['details.1.material_id', 'details.1.id']);
  });

  it('accepts and keeps the admin\'s amount only as ignored input', () => {
    const parsed = adminLinesBodySchema.parse({ details: [{ id: 3, material_id: 5, weight: '4.5', amount: 'whatever' }] });
    expect(parsed.details[0]).toMatchObject({ id: 3, material_id: 5, weight: '4.5' });
  });
});
