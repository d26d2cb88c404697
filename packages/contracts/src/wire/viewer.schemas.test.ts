import { describe, expect, it } from 'vitest';
import { ScrambleSeedSchema, WebViewerQuerySchema, WebViewerResponseSchema } from './viewer.schemas.ts';
import { makeWebViewerResponse } from './wire.factory.ts';

describe('WebViewerResponseSchema', () => {
  it('accepts a string seed', () => {
    expect(WebViewerResponseSchema.parse(makeWebViewerResponse())).toEqual(makeWebViewerResponse());
  });

  it('accepts an integer seed and scramble_ver', () => {
    const body = makeWebViewerResponse({ scramble_seed: 749191485, scramble_ver: 2, post_advertisement_list: [] });
    expect(WebViewerResponseSchema.safeParse(body).success).toBe(true);
  });

  it('requires title_id, which clients need to derive string seeds', () => {
    const { title_id: _, ...rest } = makeWebViewerResponse();
    expect(WebViewerResponseSchema.safeParse(rest).success).toBe(false);
  });

  it('rejects page_list of objects', () => {
    const body = { ...makeWebViewerResponse(), page_list: [{ index: 1, image_url: 'x' }] };
    expect(WebViewerResponseSchema.safeParse(body).success).toBe(false);
  });

  it('rejects non-int values in the adjacent episode maps', () => {
    const body = { ...makeWebViewerResponse(), next_episode: { episode_id: '1' } };
    expect(WebViewerResponseSchema.safeParse(body).success).toBe(false);
  });
});

describe('ScrambleSeedSchema', () => {
  it.each(['r7yw738iu3', '', 1, 4294967295])('accepts %j', (seed) => {
    expect(ScrambleSeedSchema.safeParse(seed).success).toBe(true);
  });

  it.each(['r7yw738iu3x', 1.5, null])('rejects %j', (seed) => {
    expect(ScrambleSeedSchema.safeParse(seed).success).toBe(false);
  });
});

describe('WebViewerQuerySchema', () => {
  it('parses episode_id', () => {
    expect(WebViewerQuerySchema.parse({ episode_id: '311334' })).toEqual({ episode_id: 311334 });
    expect(WebViewerQuerySchema.safeParse({ episode_id: '' }).success).toBe(false);
  });
});
