import { describe, expect, it } from 'vitest';
import { successEnvelope } from './envelope.schemas.ts';
import { RankingAllQuerySchema, RankingAllResponseSchema } from './ranking.schemas.ts';

describe('GET /ranking/all', () => {
  it('accepts tabs and title ids', () => {
    const body = successEnvelope({
      tab_list: [{ ranking_id: 12, text: 'All' }],
      ranking_title_list: [{ id: 10639 }, { id: 10072 }],
    });
    expect(RankingAllResponseSchema.parse(body)).toEqual(body);
  });

  it('rejects title objects in ranking_title_list (ids only)', () => {
    const body = successEnvelope({ tab_list: [], ranking_title_list: [{ title_id: 1 }] });
    expect(RankingAllResponseSchema.safeParse(body).success).toBe(false);
  });

  it('parses the query', () => {
    expect(RankingAllQuerySchema.parse({ ranking_id: '12', offset: '0', limit: '21' })).toEqual({
      ranking_id: 12,
      offset: 0,
      limit: 21,
    });
    expect(RankingAllQuerySchema.safeParse({ offset: '0' }).success).toBe(false);
  });
});
