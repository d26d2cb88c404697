import { describe, expect, it } from 'vitest';
import { successEnvelope } from './envelope.schemas.ts';
import { EpisodeListRequestSchema, EpisodeListResponseSchema, EpisodeSchema } from './episode.schemas.ts';
import { makeEpisode } from './wire.factory.ts';

describe('EpisodeSchema', () => {
  it('accepts a full episode', () => {
    expect(EpisodeSchema.parse(makeEpisode())).toEqual(makeEpisode());
  });

  it('accepts a rented episode', () => {
    const rented = makeEpisode({ badge: 4, rental_rest_time: '2 days', rental_finish_time: '2026-01-04 10:00:00' });
    expect(EpisodeSchema.safeParse(rented).success).toBe(true);
  });

  it('requires wire date times', () => {
    expect(EpisodeSchema.safeParse(makeEpisode({ start_time: '2025-04-01T10:00:00' })).success).toBe(false);
    expect(EpisodeSchema.safeParse(makeEpisode({ rental_finish_time: 'tomorrow' })).success).toBe(false);
  });

  it.each(['episode_id', 'badge', 'use_status', 'comment_num', 'single_sale_enabled'] as const)(
    'requires %s',
    (field) => {
      const { [field]: _, ...rest } = makeEpisode();
      expect(EpisodeSchema.safeParse(rest).success).toBe(false);
    },
  );

  it('flags extra fields', () => {
    expect(EpisodeSchema.safeParse({ ...makeEpisode(), secret: 1 }).success).toBe(false);
  });
});

describe('/episode/list', () => {
  it('parses the request', () => {
    expect(EpisodeListRequestSchema.parse({ episode_id_list: '101, 102', force_master: '0' })).toEqual({
      episode_id_list: [101, 102],
      force_master: 0,
    });
    expect(EpisodeListRequestSchema.parse({ episode_id_list: '101' })).toEqual({ episode_id_list: [101] });
  });

  it('rejects a bad list or flag', () => {
    expect(EpisodeListRequestSchema.safeParse({ episode_id_list: '101,,102' }).success).toBe(false);
    expect(EpisodeListRequestSchema.safeParse({ episode_id_list: '101', force_master: 'yes' }).success).toBe(false);
    expect(EpisodeListRequestSchema.safeParse({}).success).toBe(false);
  });

  it('accepts a success answer', () => {
    const body = successEnvelope({ episode_list: [makeEpisode(), makeEpisode({ episode_id: 2, index: 2 })] });
    expect(EpisodeListResponseSchema.parse(body)).toEqual(body);
  });
});
