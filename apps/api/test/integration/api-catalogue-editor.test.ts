// The editors' catalogue API under /ops/catalogue (issue 26, ADR 046) through app.inject on a real
// database (SQLite, and PostgreSQL under `npm run test:pg`): invisible to anyone without access, titles
// created unpublished, edited, published and given art, every change audited with before and after, and
// bad input refused with nothing changed.
import {
  type AuditLogEntry,
  type EditorEpisode,
  type EditorTitle,
  type EditorTitleFields,
  type EditorTitleListResponse,
  formatWireDateTime,
  type OpsAuditListResponse,
  ResponseCode,
  StaffRole,
  TITLE_ART_MAX_BYTES,
} from '@manga/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, createStaff, type Reader } from '#test/comments.ts';
import { insertEpisode, insertGenre, TEST_NOW } from '#test/factories.ts';

const DAY = 86_400_000;

let t: TestApp;
let editor: Reader;
/** Reads the audit log, which editors may not (ADR 042). */
let auditor: Reader;
let reader: Reader;
let genreIds: number[];
const EDITOR_IP = '10.46.0.1';

beforeAll(async () => {
  t = await createTestApp();
  editor = await createStaff(t, StaffRole.Editor);
  auditor = await createStaff(t, StaffRole.Admin);
  reader = await createReader(t);
  genreIds = [(await insertGenre(t.database.db)).id, (await insertGenre(t.database.db)).id];
});
afterAll(() => t.close());

/** A form body as the console sends it: lists comma-joined, null left out (wire §1.6). */
function formOf(body: object): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    form.append(
      key,
      Array.isArray(value) ? value.join(',') : typeof value === 'boolean' ? (value ? '1' : '0') : String(value),
    );
  }
  return form.toString();
}

const call = (method: 'GET' | 'POST', url: string, body?: object, who: Reader | null = editor) =>
  t.app.inject({
    method,
    url,
    headers: {
      cookie: who?.cookie ?? '',
      ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    payload: body === undefined ? undefined : formOf(body),
    remoteAddress: EDITOR_IP,
  });

const fields = (overrides: Partial<EditorTitleFields> = {}): EditorTitleFields => ({
  name_en: 'Harbour Lights',
  name_ja: '港の灯',
  author_en: 'Aki Mori',
  author_ja: '森 亜紀',
  description_en: 'A lighthouse keeper and a ghost.',
  description_ja: '灯台守と幽霊。',
  genre_ids: [genreIds[0]!],
  tags: ['sea', 'ghost'],
  magazine_category_id: null,
  age_rating: 0,
  reading_direction: 1,
  weekday_index: 1,
  ...overrides,
});

async function createTitle(overrides: Partial<EditorTitleFields> = {}): Promise<EditorTitle> {
  const res = await call('POST', '/ops/catalogue/title/create', fields(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().title;
}

async function titleOf(titleId: number): Promise<EditorTitle> {
  const res = await call('GET', `/ops/catalogue/title?title_id=${titleId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().title;
}

async function auditOf(titleId: number): Promise<AuditLogEntry[]> {
  const res = await call('GET', '/ops/audit/list?limit=100', undefined, auditor);
  return (res.json() as OpsAuditListResponse).audit_log_list.filter(
    (row) => row.target_type === 'title' && row.target_id === titleId,
  );
}

const readerSees = async (titleId: number) =>
  (await t.app.inject({ method: 'GET', url: `/title/list?title_id_list=${titleId}` })).json().title_list.length > 0;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

const uploadArt = (titleId: number, bytes: Buffer, type = 'image/png', query = '', who: Reader | null = editor) =>
  t.app.inject({
    method: 'POST',
    url: `/ops/catalogue/title/art?title_id=${titleId}${query}`,
    headers: { cookie: who?.cookie ?? '', 'content-type': type },
    payload: bytes,
    remoteAddress: EDITOR_IP,
  });

describe('the catalogue API to anyone without access', () => {
  it('answers every /ops/catalogue call as an unknown path, for guests and readers, and changes nothing', async () => {
    const title = await createTitle();
    const calls: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', '/ops/catalogue/vocabulary'],
      ['GET', '/ops/catalogue/title/list'],
      ['GET', `/ops/catalogue/title?title_id=${title.title_id}`],
      ['POST', '/ops/catalogue/title/create', fields({ name_en: 'Intruder' })],
      ['POST', '/ops/catalogue/title/update', { ...fields({ name_en: 'Intruder' }), title_id: title.title_id }],
      ['POST', '/ops/catalogue/title/publish', { title_id: title.title_id, published: true }],
      ['POST', '/ops/catalogue/title/publish', { wrong: 'types' }],
    ];
    for (const who of [null, reader]) {
      for (const [method, url, body] of calls) {
        const res = await call(method, url, body, who);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ response_code: ResponseCode.ApiNotFound });
        expect(res.json().error_message).toBe(`no such API path: ${method} ${url.split('?')[0]}`);
      }
      const art = await uploadArt(title.title_id, await png(64, 64), 'image/png', '', who);
      expect(art.statusCode).toBe(404);
    }
    expect(await titleOf(title.title_id)).toEqual(title);
    const list = (await call('GET', '/ops/catalogue/title/list?q=Intruder')).json() as EditorTitleListResponse;
    expect(list.total).toBe(0);
  });
});

describe('titles', () => {
  it('creates a title unpublished, with the next id, its genres, tags and author; readers do not see it', async () => {
    const title = await createTitle({ name_en: 'Quiet Orbit', tags: ['space', 'space', 'slow'] });
    expect(title).toMatchObject({
      name_en: 'Quiet Orbit',
      name_ja: '港の灯',
      author_en: 'Aki Mori',
      genre_ids: [genreIds[0]],
      tags: ['space', 'slow'],
      published: false,
      published_time: '',
      episode_count: 0,
      reading_direction: 1,
      weekday_index: 1,
    });
    expect(title.title_id).toBeGreaterThanOrEqual(10_000);
    expect(await readerSees(title.title_id)).toBe(false);
    const [created] = await auditOf(title.title_id);
    expect(created).toMatchObject({ action: 'title.create', operator_user_id: editor.user.id });
    expect(JSON.parse(created!.detail)).toMatchObject({ before: null, after: { name_en: 'Quiet Orbit' } });
  });

  it('publishes and unpublishes: readers see it from that moment, and both are audited', async () => {
    const title = await createTitle({ name_en: 'Paper Moon' });
    const published = await call('POST', '/ops/catalogue/title/publish', { title_id: title.title_id, published: true });
    expect(published.json().title).toMatchObject({ published: true, published_time: expect.any(String) });
    expect(await readerSees(title.title_id)).toBe(true);
    // Publishing twice changes nothing and writes nothing.
    await call('POST', '/ops/catalogue/title/publish', { title_id: title.title_id, published: true });
    const hidden = await call('POST', '/ops/catalogue/title/publish', { title_id: title.title_id, published: false });
    expect(hidden.json().title.published).toBe(false);
    expect(await readerSees(title.title_id)).toBe(false);
    const actions = (await auditOf(title.title_id)).map((row) => row.action);
    expect(actions).toEqual(['title.unpublish', 'title.publish', 'title.create']);
  });

  it('edits every field and audits only what changed, before and after', async () => {
    const title = await createTitle({ name_en: 'Salt Road' });
    const res = await call('POST', '/ops/catalogue/title/update', {
      ...fields({ name_en: 'Salt Road' }),
      title_id: title.title_id,
      name_ja: '塩の道',
      genre_ids: genreIds,
      age_rating: 16,
      reading_direction: 3,
      weekday_index: null,
      tags: ['desert'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().title).toMatchObject({
      name_ja: '塩の道',
      genre_ids: genreIds,
      age_rating: 16,
      reading_direction: 3,
      weekday_index: null,
      tags: ['desert'],
    });
    const [update] = await auditOf(title.title_id);
    expect(update!.action).toBe('title.update');
    expect(JSON.parse(update!.detail)).toEqual({
      before: {
        name_ja: '港の灯',
        genre_ids: [genreIds[0]],
        tags: ['sea', 'ghost'],
        age_rating: 0,
        reading_direction: 1,
        weekday_index: 1,
      },
      after: {
        name_ja: '塩の道',
        genre_ids: genreIds,
        tags: ['desert'],
        age_rating: 16,
        reading_direction: 3,
        weekday_index: null,
      },
    });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const title = await createTitle({ name_en: 'Glass Garden' });
    const before = await titleOf(title.title_id);
    const bad: Record<string, unknown>[] = [
      { ...fields(), title_id: title.title_id, age_rating: 'adult' },
      { ...fields(), title_id: title.title_id, name_en: '   ' },
      { ...fields(), title_id: title.title_id, age_rating: 12 },
      { ...fields(), title_id: title.title_id, reading_direction: 'rtl' },
      { ...fields(), title_id: title.title_id, weekday_index: 8 },
      { ...fields(), title_id: title.title_id, tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) },
      { ...fields(), title_id: title.title_id, description_en: 'x'.repeat(4001) },
      { ...fields(), title_id: title.title_id, genre_ids: '1,,2' },
      { ...fields(), title_id: title.title_id, tags: ['x'.repeat(41)] },
      { ...fields(), title_id: title.title_id, name_ja: undefined },
      { ...fields(), title_id: title.title_id, genre_ids: [999_999] },
      { ...fields(), title_id: title.title_id, magazine_category_id: 999_999 },
      { ...fields(), title_id: '-12' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/ops/catalogue/title/update', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().response_code).toBe(ResponseCode.InvalidParameter);
    }
    expect(await titleOf(title.title_id)).toEqual(before);
    expect((await auditOf(title.title_id)).map((row) => row.action)).toEqual(['title.create']);
    const missing = await call('POST', '/ops/catalogue/title/update', { ...fields(), title_id: 99_998 });
    expect(missing.json().response_code).toBe(ResponseCode.TitleNotFound);
    const unknownGenre = await call(
      'POST',
      '/ops/catalogue/title/create',
      fields({ name_en: 'Nope', genre_ids: [999_999] }),
    );
    expect(unknownGenre.statusCode).toBe(400);
    expect(((await call('GET', '/ops/catalogue/title/list?q=Nope')).json() as EditorTitleListResponse).total).toBe(0);
  });

  it('searches by name, author, tag or id and filters by status and genre', async () => {
    const a = await createTitle({ name_en: 'Lantern Street', tags: ['festival'], genre_ids: [genreIds[1]!] });
    const b = await createTitle({ name_en: 'Lantern Fields', author_en: 'Rin Kaze' });
    await call('POST', '/ops/catalogue/title/publish', { title_id: b.title_id, published: true });
    const ids = async (query: string) =>
      ((await call('GET', `/ops/catalogue/title/list?${query}`)).json() as EditorTitleListResponse).title_list.map(
        (title) => title.title_id,
      );
    expect(await ids('q=lantern')).toEqual([b.title_id, a.title_id]);
    expect(await ids('q=LANTERN&status=published')).toEqual([b.title_id]);
    expect(await ids('q=lantern&status=unpublished')).toEqual([a.title_id]);
    expect(await ids('q=festival')).toEqual([a.title_id]);
    expect(await ids('q=rin%20kaze')).toEqual([b.title_id]);
    expect(await ids(`q=${a.title_id}`)).toEqual([a.title_id]);
    expect(await ids(`q=lantern&genre_id=${genreIds[1]}`)).toEqual([a.title_id]);
    const page = (await call('GET', '/ops/catalogue/title/list?q=lantern&limit=1')).json() as EditorTitleListResponse;
    expect(page).toMatchObject({ total: 2, has_next: 1 });
    expect((await call('GET', '/ops/catalogue/title/list?status=secret')).statusCode).toBe(400);
  });
});

describe('cover art', () => {
  it('cuts the crop into every size the site shows, serves them, and audits old and new paths', async () => {
    const title = await createTitle({ name_en: 'Night Ferry' });
    const res = await uploadArt(
      title.title_id,
      await png(1200, 900),
      'image/png',
      '&crop_left=100&crop_top=50&crop_width=800&crop_height=800',
    );
    expect(res.statusCode, res.body).toBe(200);
    const after: EditorTitle = res.json().title;
    for (const url of [
      after.thumbnail_image_url,
      after.thumbnail_rect_image_url,
      after.banner_image_url,
      after.feature_image_url,
    ]) {
      expect(url).toMatch(/^http:\/\/api\.test\/images\/titles\/\d+\/[a-z-]+-[0-9a-f]{8}\.webp$/);
      const image = await t.app.inject({ method: 'GET', url: url.replace('http://api.test', '') });
      expect(image.statusCode, url).toBe(200);
    }
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: after.thumbnail_image_url.replace('http://api.test', ''),
    });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 480, height: 480, format: 'webp' });
    const [art] = await auditOf(title.title_id);
    expect(art!.action).toBe('title.art');
    expect(JSON.parse(art!.detail)).toMatchObject({ crop: { left: 100, top: 50, width: 800, height: 800 } });

    // A second upload replaces the objects: the old ones are gone.
    const again = await uploadArt(title.title_id, await png(700, 700));
    const replaced: EditorTitle = again.json().title;
    expect(replaced.thumbnail_image_url).not.toBe(after.thumbnail_image_url);
    const old = await t.app.inject({ method: 'GET', url: after.thumbnail_image_url.replace('http://api.test', '') });
    expect(old.statusCode).toBe(404);
  });

  it('refuses a non-image, a wrong type, a crop outside the image and an oversized file, changing nothing', async () => {
    const title = await createTitle({ name_en: 'Cold Tea' });
    const before = await titleOf(title.title_id);
    const notImage = await uploadArt(title.title_id, Buffer.from('PK\u0003\u0004 not a picture'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error_message).toMatch(/not an image/);
    const wrongType = await uploadArt(title.title_id, await png(64, 64), 'application/pdf');
    expect(wrongType.statusCode).toBe(415);
    const outside = await uploadArt(
      title.title_id,
      await png(300, 300),
      'image/png',
      '&crop_left=200&crop_top=0&crop_width=200&crop_height=100',
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error_message).toMatch(/inside the 300×300 image/);
    const partial = await uploadArt(title.title_id, await png(300, 300), 'image/png', '&crop_left=0');
    expect(partial.statusCode).toBe(400);
    const huge = await uploadArt(title.title_id, Buffer.alloc(TITLE_ART_MAX_BYTES + 1, 1));
    expect(huge.statusCode).toBe(413);
    expect(await titleOf(title.title_id)).toEqual(before);
    expect((await auditOf(title.title_id)).map((row) => row.action)).toEqual(['title.create']);
  });
});

describe('chapters: price, release and access', () => {
  const MINUTE = 60_000;
  const wire = (at: number) => formatWireDateTime(new Date(at), t.app.container.config.wireTimeZone);

  async function chapterOf(title: EditorTitle) {
    const episode = await insertEpisode(t.database.db, {
      title_id: title.title_id,
      point: 0,
      start_at: TEST_NOW - DAY,
    });
    return episode.id;
  }

  const episodesOf = async (titleId: number): Promise<EditorEpisode[]> => {
    const res = await call('GET', `/ops/catalogue/episode/list?title_id=${titleId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().episode_list;
  };

  const readerEpisodes = async (episodeId: number) =>
    (await post(t, '/episode/list', { episode_id_list: String(episodeId) })).json().episode_list ?? [];

  it('sets 30 points and a release a minute ahead: hidden until then, out after, audited before and after', async () => {
    const title = await createTitle({ name_en: 'Tide Clock' });
    await call('POST', '/ops/catalogue/title/publish', { title_id: title.title_id, published: true });
    const episodeId = await chapterOf(title);
    const release = TEST_NOW + MINUTE;
    const res = await call('POST', '/ops/catalogue/episode/update', {
      episode_id: episodeId,
      point: 30,
      start_time: wire(release),
      free_until_time: '',
      ticket_rental: 1,
      single_sale: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().episode).toMatchObject({
      point: 30,
      released: false,
      start_time: wire(release),
      ticket_rental: true,
    });
    expect(await readerEpisodes(episodeId)).toEqual([]);
    t.clock.set(release);
    try {
      expect((await episodesOf(title.title_id))[0]).toMatchObject({ episode_id: episodeId, released: true });
      // Out for readers at its time (the title's first chapter is free by its free_first_count).
      expect((await readerEpisodes(episodeId))[0]).toMatchObject({ episode_id: episodeId });
    } finally {
      t.clock.set(TEST_NOW);
    }
    const audit = (await call('GET', '/ops/audit/list?limit=100', undefined, auditor)).json() as OpsAuditListResponse;
    const row = audit.audit_log_list.find((entry) => entry.target_type === 'episode' && entry.target_id === episodeId);
    expect(row).toMatchObject({ action: 'episode.update', operator_user_id: editor.user.id });
    expect(JSON.parse(row!.detail)).toMatchObject({
      before: { point: 0, start_time: wire(TEST_NOW - DAY) },
      after: { point: 30, start_time: wire(release) },
    });
  });

  it('refuses a negative price, wrong types, a release in the past and a free window before it, changing nothing', async () => {
    const title = await createTitle({ name_en: 'Ink Well' });
    const episodeId = await chapterOf(title);
    const before = await episodesOf(title.title_id);
    const good = {
      episode_id: episodeId,
      point: 30,
      start_time: wire(TEST_NOW + 60 * MINUTE),
      free_until_time: '',
      ticket_rental: 1,
      single_sale: 1,
    };
    const bad = [
      { ...good, point: -30 },
      { ...good, point: 'thirty' },
      { ...good, point: 10_001 },
      { ...good, start_time: '2026-13-01 10:00:00' },
      { ...good, start_time: wire(TEST_NOW - MINUTE) },
      { ...good, free_until_time: wire(TEST_NOW + 30 * MINUTE) },
      { ...good, ticket_rental: 'yes' },
      { ...good, episode_id: 'x' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/ops/catalogue/episode/update', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().response_code).toBe(ResponseCode.InvalidParameter);
    }
    const past = await call('POST', '/ops/catalogue/episode/update', { ...good, start_time: wire(TEST_NOW - MINUTE) });
    expect(past.json().error_message).toMatch(/already passed/);
    expect(await episodesOf(title.title_id)).toEqual(before);
    const audit = (await call('GET', '/ops/audit/list?limit=100', undefined, auditor)).json() as OpsAuditListResponse;
    expect(audit.audit_log_list.some((entry) => entry.target_type === 'episode' && entry.target_id === episodeId)).toBe(
      false,
    );
    // Guests and readers: an unknown path, nothing changed.
    for (const who of [null, reader]) {
      const res = await call('POST', '/ops/catalogue/episode/update', good, who);
      expect(res.statusCode).toBe(404);
      expect(
        (await call('GET', `/ops/catalogue/episode/list?title_id=${title.title_id}`, undefined, who)).statusCode,
      ).toBe(404);
    }
    expect(await episodesOf(title.title_id)).toEqual(before);
    const missing = await call('POST', '/ops/catalogue/episode/update', { ...good, episode_id: 987_654 });
    expect(missing.json().response_code).toBe(ResponseCode.EpisodeNotFound);
  });
});
