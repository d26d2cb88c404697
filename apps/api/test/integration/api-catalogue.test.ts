// GET /title/list and GET|POST /episode/list on real rows (wire §3.1 shapes, every field present).
import { EpisodeListResponseSchema, TitleListResponseSchema } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertAuthor, insertEpisode, insertGenre, insertTitle, TEST_NOW } from '#test/factories.ts';

const DAY = 86_400_000;
let t: TestApp;
const ids = { serial: 0, unpublished: 0, campaign: 0, eps: [] as number[], future: 0, magazine: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const serial = await insertTitle(db, {
    name_en: 'Blue Harbor',
    name_ja: '青い港',
    author_text_en: 'Aoi Mori',
    author_text_ja: '森あおい',
    free_first_count: 2,
    free_latest_count: 1,
    thumbnail_path: 'titles/x/thumbnail.webp',
    publish_category: 1,
    ticket_enabled: 1,
  });
  ids.serial = serial.id;
  const author = await insertAuthor(db, { name_en: 'Aoi Mori', name_ja: '森あおい' });
  await db.insertInto('title_author').values({ title_id: serial.id, author_id: author.id }).execute();
  for (const genreId of [4, 1]) {
    await insertGenre(db, { id: genreId });
    await db.insertInto('title_genre').values({ title_id: serial.id, genre_id: genreId }).execute();
  }
  await db.insertInto('magazine_category').values({ id: 2, name_en: 'Weekly', name_ja: '週刊' }).execute();
  const magazine = await db
    .insertInto('magazine')
    .values({
      magazine_category_id: 2,
      name_en: 'Weekly Harbor',
      name_ja: '週刊ハーバー',
      start_at: TEST_NOW - DAY,
      created_at: TEST_NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.magazine = magazine.id;
  for (let i = 1; i <= 5; i++) {
    const ep = await insertEpisode(db, {
      title_id: serial.id,
      sort_index: i,
      point: 40,
      bonus_point: 2,
      start_at: TEST_NOW - (10 - i) * DAY,
      magazine_id: i === 3 ? magazine.id : null,
    });
    ids.eps.push(ep.id);
  }
  const future = await insertEpisode(db, {
    title_id: serial.id,
    sort_index: 6,
    point: 40,
    start_at: TEST_NOW + 3 * DAY,
  });
  ids.future = future.id;
  ids.unpublished = (await insertTitle(db, { published_at: TEST_NOW + DAY })).id;
  const campaign = await insertTitle(db, { free_until_at: TEST_NOW + DAY });
  ids.campaign = campaign.id;
  await insertEpisode(db, { title_id: campaign.id, sort_index: 1, point: 60 });
});
afterAll(() => t.close());

describe('GET /title/list', () => {
  it('answers every Title field of wire §3.1 with real values', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/title/list?title_id_list=${ids.serial}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const body = TitleListResponseSchema.parse(res.json());
    const [title] = body.title_list;
    expect(title).toMatchObject({
      title_id: ids.serial,
      title_name: 'Blue Harbor',
      author_text: 'Aoi Mori',
      author_list: ['Aoi Mori'],
      thumbnail_image_url: 'http://api.test/images/titles/x/thumbnail.webp',
      feature_image_url: '',
      first_episode_id: ids.eps[0],
      episode_id_list: ids.eps, // released only, oldest first
      genre_id_list: [1, 4],
      publish_category: 1,
      title_ticket_enabled: 1,
      total_episode_count: 5,
    });
    // free windows: first 2 and latest 1 of the 5 released episodes
    expect(title?.free_episode_count).toBe(3);
    expect(title?.latest_free_episode_id).toBe(ids.eps[4]);
    expect(title?.latest_paid_episode_id).toEqual([ids.eps[3]]);
    expect(title?.next_updated_text).toBe('Next update available 1/4.');
  });

  it('speaks Japanese by default and when asked', async () => {
    const byDefault = await t.app.inject({ method: 'GET', url: `/title/list?title_id_list=${ids.serial}` });
    expect(byDefault.json().title_list[0]).toMatchObject({
      title_name: '青い港',
      author_text: '森あおい',
      next_updated_text: '1月4日更新予定',
    });
    const byParam = await t.app.inject({
      method: 'GET',
      url: `/title/list?title_id_list=${ids.serial}&lang=en`,
      headers: { 'accept-language': 'ja' },
    });
    expect(byParam.json().title_list[0].title_name).toBe('Blue Harbor');
  });

  it('keeps the order asked, accepts spaces and zero padding, and drops unknown, repeated and unpublished ids', async () => {
    const list = `${ids.campaign}, 0${ids.serial},99999,${ids.unpublished},${ids.serial}`;
    const res = await t.app.inject({ method: 'GET', url: `/title/list?title_id_list=${encodeURIComponent(list)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().title_list.map((x: { title_id: number }) => x.title_id)).toEqual([ids.campaign, ids.serial]);
  });

  it('makes a whole title free while its campaign runs', async () => {
    const during = await t.app.inject({ method: 'GET', url: `/title/list?title_id_list=${ids.campaign}` });
    expect(during.json().title_list[0]).toMatchObject({ free_episode_count: 1, latest_paid_episode_id: [] });
    t.clock.advance(2 * DAY);
    const after = await t.app.inject({ method: 'GET', url: `/title/list?title_id_list=${ids.campaign}` });
    t.clock.set(TEST_NOW);
    expect(after.json().title_list[0]).toMatchObject({ free_episode_count: 0, latest_free_episode_id: null });
  });

  it('answers an empty list for an empty id list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/title/list?title_id_list=' });
    expect(res.statusCode).toBe(200);
    expect(res.json().title_list).toEqual([]);
  });

  it('refuses negative, fractional, empty-item and over-long lists', async () => {
    for (const bad of ['-1', '1.5', '1,,2', '1,', 'x', Array.from({ length: 5001 }, (_, i) => i + 1).join(',')]) {
      const res = await t.app.inject({ method: 'GET', url: `/title/list?title_id_list=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad.slice(0, 20)).toBe(400);
      expect(res.json().response_code).toBe(1001);
    }
  });
});

describe('/episode/list', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('answers every Episode field by POST form, with badges from the free windows', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/episode/list',
      headers: { ...form, 'accept-language': 'en' },
      payload: `episode_id_list=${ids.eps.join(',')}`,
    });
    expect(res.statusCode).toBe(200);
    const { episode_list } = EpisodeListResponseSchema.parse(res.json());
    expect(episode_list.map((e) => e.episode_id)).toEqual(ids.eps);
    expect(episode_list.map((e) => e.badge)).toEqual([2, 2, 1, 1, 2]);
    // A free episode reports point 0 so that clients do not think it is locked (wire §3.1).
    expect(episode_list.map((e) => e.point)).toEqual([0, 0, 40, 40, 0]);
    expect(episode_list[2]).toMatchObject({
      index: 3,
      title_id: ids.serial,
      bonus_point: 2,
      magazine_id: ids.magazine,
      magazine_name: 'Weekly Harbor',
      rental_finish_time: null,
      start_time: '2025-12-25 09:00:00', // 7 days before TEST_NOW, in the wire time zone (Asia/Tokyo)
    });
  });

  it('answers the same by GET, and leaves out unknown and unreleased ids silently', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/episode/list?episode_id_list=${ids.eps[0]},${ids.future},424242`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().episode_list.map((e: { episode_id: number }) => e.episode_id)).toEqual([ids.eps[0]]);
  });

  it('accepts a whole title of ids in one POST', async () => {
    const many = [...ids.eps, ...Array.from({ length: 3000 }, (_, i) => 900_000 + i)];
    const res = await t.app.inject({
      method: 'POST',
      url: '/episode/list',
      headers: form,
      payload: `episode_id_list=${many.join(', ')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().episode_list).toHaveLength(5);
  });

  it('refuses a missing or malformed list', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/episode/list',
      headers: form,
      payload: 'force_master=0',
    });
    expect(missing.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/episode/list',
      headers: form,
      payload: 'episode_id_list=1;2',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().response_code).toBe(1001);
  });
});
