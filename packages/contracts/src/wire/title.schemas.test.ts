import { describe, expect, it } from 'vitest';
import { successEnvelope } from './envelope.schemas.ts';
import {
  TitleListQuerySchema,
  TitleListResponseSchema,
  TitleSchema,
  WebTitleDetailQuerySchema,
  WebTitleDetailResponseSchema,
  WebTitleSchema,
} from './title.schemas.ts';
import { makeTitle, makeWebTitle } from './wire.factory.ts';

describe('TitleSchema', () => {
  it('accepts a full title', () => {
    expect(TitleSchema.parse(makeTitle())).toEqual(makeTitle());
  });

  it('allows null where docs/reference/wire.md says string? or int?', () => {
    const title = makeTitle({ next_updated_text: null, latest_free_episode_id: null, episode_free_updated: null });
    expect(TitleSchema.safeParse(title).success).toBe(true);
  });

  it.each(['title_id', 'feature_image_url', 'episode_id_list', 'next_updated_text', 'total_episode_count'] as const)(
    'requires %s',
    (field) => {
      const { [field]: _, ...rest } = makeTitle();
      expect(TitleSchema.safeParse(rest).success).toBe(false);
    },
  );

  it('rejects wrong types', () => {
    expect(TitleSchema.safeParse(makeTitle({ feature_image_url: null as unknown as string })).success).toBe(false);
    expect(TitleSchema.safeParse({ ...makeTitle(), latest_paid_episode_id: 5 }).success).toBe(false);
    expect(TitleSchema.safeParse({ ...makeTitle(), title_id: '10639' }).success).toBe(false);
  });

  it('flags extra fields', () => {
    expect(TitleSchema.safeParse({ ...makeTitle(), internal_note: 'x' }).success).toBe(false);
  });
});

describe('GET /title/list', () => {
  it('parses the comma list', () => {
    expect(TitleListQuerySchema.parse({ title_id_list: '02373, 00553', platform: '3' })).toEqual({
      title_id_list: [2373, 553],
    });
  });

  it('requires title_id_list', () => {
    expect(TitleListQuerySchema.safeParse({}).success).toBe(false);
  });

  it('accepts a success answer', () => {
    const body = successEnvelope({ title_list: [makeTitle()] });
    expect(TitleListResponseSchema.parse(body)).toEqual(body);
  });

  it('rejects an answer without the envelope', () => {
    expect(TitleListResponseSchema.safeParse({ title_list: [] }).success).toBe(false);
  });
});

describe('GET /web/title/detail', () => {
  it('accepts the web_title shape', () => {
    expect(WebTitleSchema.parse(makeWebTitle())).toEqual(makeWebTitle());
    const body = successEnvelope({ web_title: makeWebTitle({ age_rating: 18, thumbnail_image_url: 'x' }) });
    expect(WebTitleDetailResponseSchema.parse(body)).toEqual(body);
  });

  it('rejects a missing field', () => {
    const { total_episode_count: _, ...rest } = makeWebTitle();
    expect(WebTitleSchema.safeParse(rest).success).toBe(false);
  });

  it('parses title_id, zero-padded or not', () => {
    expect(WebTitleDetailQuerySchema.parse({ title_id: '02373' })).toEqual({ title_id: 2373 });
    expect(WebTitleDetailQuerySchema.safeParse({ title_id: 'x' }).success).toBe(false);
  });
});
