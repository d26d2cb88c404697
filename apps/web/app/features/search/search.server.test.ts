import { describe, expect, it } from 'vitest';
import { apiAnswering, wireTitle } from '#app/features/catalogue/wire-fixtures.test-support.ts';
import { loadKeywordSearch, loadTaxonomySearch } from './search.server.ts';

const titles = [wireTitle({ title_id: 10001 }), wireTitle({ title_id: 10002, title_name: 'Second' })];
const search = { title_list: titles, title_id_list: [10001, 10002] };
const catalogue = {
  '/search/title': search,
  '/genre/list': { genre_list: [{ genre_id: 8, genre_name: 'Action', image_url: '' }] },
  '/magazine/category/search/list': {
    magazine_category_list: [
      {
        magazine_category_id: 3,
        magazine_category_name_text: 'Weekly',
        is_purchase: 0,
        is_search: 1,
        is_subscription: 0,
        subscription_image_url: null,
      },
    ],
  },
};

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('loadTaxonomySearch', () => {
  it('names the genre and searches its titles by genre_id', async () => {
    const { api, asked } = apiAnswering(catalogue);
    const page = await loadTaxonomySearch(api, new URL('http://web.test/search/genre/8'), 'genre', '8');
    expect(page).toMatchObject({ kind: 'genre', name: 'Action', results: { total: 2, sort: 'popular', page: 1 } });
    const searched = asked.find((url) => url.pathname === '/search/title');
    expect(searched?.searchParams.get('genre_id')).toBe('8');
    expect(searched?.searchParams.has('magazine_category')).toBe(false);
  });

  it('names the magazine category and searches its titles by magazine_category', async () => {
    const { api, asked } = apiAnswering(catalogue);
    const page = await loadTaxonomySearch(api, new URL('http://web.test/search/category/3?sort=new'), 'category', '3');
    expect(page).toMatchObject({ kind: 'category', name: 'Weekly', results: { sort: 'new' } });
    const searched = asked.find((url) => url.pathname === '/search/title');
    expect(searched?.searchParams.get('magazine_category')).toBe('3');
    expect(searched?.searchParams.has('genre_id')).toBe(false);
  });

  it.each([
    ['genre', '8a'],
    ['genre', '-1'],
    ['category', '3.0'],
    ['category', '99999999999999999999'],
  ] as const)('answers 404 without calling the API for the %s id %j', async (kind, raw) => {
    const { api, asked } = apiAnswering(catalogue);
    const error = await thrown(loadTaxonomySearch(api, new URL(`http://web.test/search/${kind}/${raw}`), kind, raw));
    expect(error).toMatchObject({ init: { status: 404 } });
    expect(asked).toEqual([]);
  });

  it('answers 404 for an id that names no genre or category', async () => {
    const { api } = apiAnswering(catalogue);
    for (const kind of ['genre', 'category'] as const) {
      const error = await thrown(loadTaxonomySearch(api, new URL(`http://web.test/search/${kind}/77`), kind, '77'));
      expect(error).toMatchObject({ init: { status: 404 } });
    }
  });
});

describe('loadKeywordSearch', () => {
  it('searches the trimmed keyword, cut to the 100 characters the API accepts', async () => {
    const { api, asked } = apiAnswering(catalogue);
    const long = `  ${'恋'.repeat(120)}  `;
    const { query } = await loadKeywordSearch(api, new URL('http://web.test/search/x'), long);
    expect(query).toBe('恋'.repeat(100));
    expect(asked[0]?.searchParams.get('keyword')).toBe('恋'.repeat(100));
  });
});
