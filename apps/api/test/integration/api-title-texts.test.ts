// A title's campaign and notice texts in the reader's language (issue 14, migration
// 20261124184500): Japanese when there is one, the English text otherwise, on /title/list and in
// the event list's campaign text.
import { TitleEventListResponseSchema, TitleListResponseSchema } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertEpisode, insertTitle, TEST_NOW } from '#test/factories.ts';

const DAY = 86_400_000;
let t: TestApp;
const ids = { both: 0, englishOnly: 0 };

const titles = async (lang: string) =>
  TitleListResponseSchema.parse(
    (
      await get(t, `/title/list?title_id_list=${ids.both},${ids.englishOnly}`, {
        headers: { 'accept-language': lang },
      })
    ).json(),
  ).title_list.map((title) => [title.campaign_text, title.notice_text]);

beforeAll(async () => {
  t = await createTestApp({ catalogueCacheTtlMs: 0 });
  const { db } = t.database;
  const both = await insertTitle(db, {
    free_until_at: TEST_NOW + 3 * DAY,
    campaign_text: 'All chapters free until 1/4!',
    campaign_text_ja: '1月4日まで全話無料！',
    notice_text: 'A new chapter is coming soon.',
    notice_text_ja: 'まもなく新しい話を公開します。',
  });
  ids.both = both.id;
  ids.englishOnly = (await insertTitle(db, { notice_text: 'Only in English.' })).id;
  for (const id of [ids.both, ids.englishOnly]) {
    await insertEpisode(db, { title_id: id, sort_index: 1, point: 0, start_at: TEST_NOW - DAY });
  }
});
afterAll(() => t.close());

describe("a title's campaign and notice texts", () => {
  it('answers them in the reader’s language, falling back to the text there is', async () => {
    expect(await titles('ja-JP')).toEqual([
      ['1月4日まで全話無料！', 'まもなく新しい話を公開します。'],
      ['', 'Only in English.'],
    ]);
    expect(await titles('en-US')).toEqual([
      ['All chapters free until 1/4!', 'A new chapter is coming soon.'],
      ['', 'Only in English.'],
    ]);
  });

  it('says the campaign in the reader’s language in the event list', async () => {
    const events = async (lang: string) =>
      TitleEventListResponseSchema.parse(
        (await get(t, '/title/event/list', { headers: { 'accept-language': lang } })).json(),
      );
    expect(JSON.stringify(await events('ja-JP'))).toContain('1月4日まで全話無料！');
    expect(JSON.stringify(await events('en-US'))).toContain('All chapters free until 1/4!');
  });
});
