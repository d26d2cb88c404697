import { describe, expect, it } from 'vitest';
import { successEnvelope } from './envelope.schemas.ts';
import {
  AccountPointResponseSchema,
  WebPointHistoryQuerySchema,
  WebPointHistoryResponseSchema,
} from './point.schemas.ts';

const point = { paid_point: 100, free_point: 20, point_sale_text: null, point_sale_finish_datetime: null };

describe('AccountPointResponseSchema', () => {
  it('accepts point and ticket', () => {
    const body = successEnvelope({
      point,
      ticket: { total_num: 2, detail_list: [{ expired: '2026-01-08 00:00:00', expire_second: 3600 }] },
    });
    expect(AccountPointResponseSchema.parse(body)).toEqual(body);
  });

  it('accepts a point sale', () => {
    const sale = { ...point, point_sale_text: '20% off', point_sale_finish_datetime: '2026-01-31 23:59:59' };
    expect(
      AccountPointResponseSchema.safeParse(successEnvelope({ point: sale, ticket: { total_num: 0, detail_list: [] } }))
        .success,
    ).toBe(true);
  });

  it('rejects a missing ticket or a fractional balance', () => {
    expect(AccountPointResponseSchema.safeParse(successEnvelope({ point })).success).toBe(false);
    const fractional = { ...point, paid_point: 1.5 };
    expect(
      AccountPointResponseSchema.safeParse(
        successEnvelope({ point: fractional, ticket: { total_num: 0, detail_list: [] } }),
      ).success,
    ).toBe(false);
  });
});

describe('WebPointHistory', () => {
  const movement = {
    point_history_id: 3,
    point_kind: 'free',
    point: -30,
    reason: 'episode_paid',
    title_id: 10001,
    title_name: 'Blue Harbor',
    episode_id: 200001,
    episode_name: 'Chapter 2',
    magazine_id: null,
    magazine_name: '',
    purchase_time: '2026-01-02 10:00:00',
    expire_time: null,
    remaining_point: 0,
  };

  it('accepts a page with its next offset', () => {
    const body = successEnvelope({ point_history_list: [movement], next_offset_purchase_time: '2026-01-02 10:00:00' });
    expect(WebPointHistoryResponseSchema.parse(body)).toEqual(body);
  });

  it('rejects an unknown point kind', () => {
    const body = successEnvelope({
      point_history_list: [{ ...movement, point_kind: 'event' }],
      next_offset_purchase_time: null,
    });
    expect(WebPointHistoryResponseSchema.safeParse(body).success).toBe(false);
  });

  it('takes the offset as a wire time and refuses anything else', () => {
    expect(WebPointHistoryQuerySchema.parse({ limit: '20', offset_purchase_time: '2026-01-02 10:00:00' })).toEqual({
      limit: 20,
      offset_purchase_time: '2026-01-02 10:00:00',
    });
    expect(WebPointHistoryQuerySchema.safeParse({ offset_purchase_time: '1767312000' }).success).toBe(false);
  });
});
