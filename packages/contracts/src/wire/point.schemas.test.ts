import { describe, expect, it } from 'vitest';
import { successEnvelope } from './envelope.schemas.ts';
import { AccountPointResponseSchema } from './point.schemas.ts';

const point = { paid_point: 100, free_point: 20, point_sale_text: null, point_sale_finish_datetime: null };

describe('AccountPointResponseSchema', () => {
  it('accepts point and ticket', () => {
    const body = successEnvelope({ point, ticket: { total_num: 2 } });
    expect(AccountPointResponseSchema.parse(body)).toEqual(body);
  });

  it('accepts a point sale', () => {
    const sale = { ...point, point_sale_text: '20% off', point_sale_finish_datetime: '2026-01-31 23:59:59' };
    expect(
      AccountPointResponseSchema.safeParse(successEnvelope({ point: sale, ticket: { total_num: 0 } })).success,
    ).toBe(true);
  });

  it('rejects a missing ticket or a fractional balance', () => {
    expect(AccountPointResponseSchema.safeParse(successEnvelope({ point })).success).toBe(false);
    const fractional = { ...point, paid_point: 1.5 };
    expect(
      AccountPointResponseSchema.safeParse(successEnvelope({ point: fractional, ticket: { total_num: 0 } })).success,
    ).toBe(false);
  });
});
