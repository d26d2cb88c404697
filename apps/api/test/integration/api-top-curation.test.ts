// Top page curation under /ops/catalogue/top (issue 26, ADR 074) through app.inject on a real database
// (SQLite, and PostgreSQL under `npm run test:pg`): invisible to anyone but admins and editors; a pick,
// a banner and a campaign text shown on GET /web/top inside their windows and not outside them, on the
// very next request; every change audited with before and after; bad input refused with nothing changed.
import {
  type AuditLogEntry,
  formatWireDateTime,
  type OpsAuditListResponse,
  ResponseCode,
  StaffRole,
  type TopCurationResponse,
  TopPickKind,
  type WebTopResponse,
} from '@manga/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, createStaff, type Reader } from '#test/comments.ts';
import { insertEpisode, insertTitle, TEST_NOW } from '#test/factories.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IP = '10.74.0.1';

let t: TestApp;
let editor: Reader;
let admin: Reader;
let moderator: Reader;
let reader: Reader;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createStaff(t, StaffRole.Editor);
  admin = await createStaff(t, StaffRole.Admin);
  moderator = await createStaff(t, StaffRole.Moderator);
  reader = await createReader(t);
});
afterAll(() => t.close());

const wire = (at: number) => formatWireDateTime(new Date(at), t.app.container.config.wireTimeZone);

const post = (url: string, body: Record<string, string | number>, who: Reader | null = editor) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who?.cookie ?? '', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString(),
    remoteAddress: IP,
  });

const curation = async (who: Reader = editor) =>
  (
    await t.app.inject({ method: 'GET', url: '/ops/catalogue/top', headers: { cookie: who.cookie }, remoteAddress: IP })
  ).json() as TopCurationResponse;

const webTop = async (locale = 'en') =>
  (
    await t.app.inject({ method: 'GET', url: '/web/top', headers: { 'accept-language': locale } })
  ).json() as WebTopResponse;

const png = () =>
  sharp({ create: { width: 1600, height: 600, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();

const uploadBanner = (id: number, bytes: Buffer, type = 'image/png', who: Reader | null = editor) =>
  t.app.inject({
    method: 'POST',
    url: `/ops/catalogue/top/banner/image?advertisement_id=${id}`,
    headers: { cookie: who?.cookie ?? '', 'content-type': type },
    payload: bytes,
    remoteAddress: IP,
  });

async function auditRows(action: string): Promise<AuditLogEntry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/ops/audit/list?limit=200',
    headers: { cookie: admin.cookie },
    remoteAddress: IP,
  });
  return (res.json() as OpsAuditListResponse).audit_log_list.filter((row) => row.action === action);
}

const publishedTitle = (overrides: Parameters<typeof insertTitle>[1] = {}) =>
  insertTitle(t.database.db, { published_at: TEST_NOW - 7 * DAY, ...overrides });

describe('top page curation to anyone but admins and editors', () => {
  it('answers every call as an unknown path for guests, readers and moderators, and changes nothing', async () => {
    const title = await publishedTitle();
    const calls: [url: string, body: Record<string, string | number>][] = [
      ['/ops/catalogue/top/pick/add', { kind: 1, target_id: title.id }],
      ['/ops/catalogue/top/pick/remove', { pick_id: 1 }],
      ['/ops/catalogue/top/pick/order', { kind: 1, pick_id_list: '1' }],
      ['/ops/catalogue/top/banner/save', { link_url: '/', alt_text: 'x', position: 1, start_time: wire(TEST_NOW) }],
      ['/ops/catalogue/top/banner/delete', { advertisement_id: 1 }],
      ['/ops/catalogue/top/campaign', { title_id: title.id, campaign_text: 'Free!' }],
      ['/ops/catalogue/top/rankings/rebuild', {}],
    ];
    for (const who of [null, reader, moderator]) {
      const get = await t.app.inject({
        method: 'GET',
        url: '/ops/catalogue/top',
        headers: { cookie: who?.cookie ?? '' },
        remoteAddress: IP,
      });
      expect(get.statusCode).toBe(404);
      expect(get.json().response_code).toBe(ResponseCode.ApiNotFound);
      for (const [url, body] of calls) {
        const res = await post(url, body, who);
        expect(res.statusCode, `${url} for ${who?.user.email ?? 'a guest'}`).toBe(404);
      }
      expect((await uploadBanner(1, await png(), 'image/png', who)).statusCode).toBe(404);
    }
    const after = await curation(admin);
    expect(after.pick_list).toEqual([]);
    expect(after.campaign_list.filter((c) => c.title_id === title.id)).toEqual([]);
  });
});

describe('top page curation by an editor', () => {
  it("pins a title as today's choice inside its window only, shown on the next request, audited", async () => {
    const pinned = await publishedTitle();
    const start = TEST_NOW + HOUR;
    const end = TEST_NOW + 2 * DAY;
    const res = await post('/ops/catalogue/top/pick/add', {
      kind: TopPickKind.TodayChoice,
      target_id: pinned.id,
      start_time: wire(start),
      end_time: wire(end),
    });
    expect(res.statusCode).toBe(200);
    const pickId = res.json().pick_id as number;
    expect((await curation()).pick_list).toEqual([
      expect.objectContaining({ pick_id: pickId, target_id: pinned.id, active: 0, start_time: wire(start) }),
    ]);
    expect((await webTop()).today_choice_title_id_list).not.toContain(pinned.id);
    t.clock.set(start);
    try {
      const top = await webTop();
      expect(top.today_choice_title_id_list).toEqual([pinned.id]);
      expect(top.title_list.map((title) => title.title_id)).toContain(pinned.id);
      t.clock.set(end);
      expect((await webTop()).today_choice_title_id_list).not.toContain(pinned.id);
    } finally {
      t.clock.set(TEST_NOW);
    }
    const [added] = await auditRows('top_pick.add');
    expect(JSON.parse(added!.detail)).toMatchObject({ before: null, after: { target_id: pinned.id, kind: 1 } });
    expect((await post('/ops/catalogue/top/pick/remove', { pick_id: pickId })).statusCode).toBe(200);
    expect(JSON.parse((await auditRows('top_pick.remove'))[0]!.detail)).toMatchObject({
      before: { target_id: pinned.id },
      after: null,
    });
  });

  it('puts an open-ended pick on the top page at once and orders picks as told', async () => {
    const [a, b] = [await publishedTitle(), await publishedTitle()];
    const first = (await post('/ops/catalogue/top/pick/add', { kind: 1, target_id: a.id })).json().pick_id as number;
    expect((await webTop()).today_choice_title_id_list).toEqual([a.id]);
    const second = (await post('/ops/catalogue/top/pick/add', { kind: 1, target_id: b.id })).json().pick_id as number;
    expect((await webTop()).today_choice_title_id_list).toEqual([a.id, b.id]);
    expect(
      (await post('/ops/catalogue/top/pick/order', { kind: 1, pick_id_list: `${second},${first}` })).statusCode,
    ).toBe(200);
    expect((await webTop()).today_choice_title_id_list).toEqual([b.id, a.id]);
    expect((await post('/ops/catalogue/top/pick/order', { kind: 1, pick_id_list: `${second}` })).statusCode).toBe(400);
    for (const id of [first, second]) await post('/ops/catalogue/top/pick/remove', { pick_id: id });
    expect((await webTop()).today_choice_title_id_list).not.toContain(a.id);
  });

  it('picks a chapter for the bonus section', async () => {
    const title = await publishedTitle();
    const chapter = await insertEpisode(t.database.db, { title_id: title.id, sort_index: 1, start_at: TEST_NOW - DAY });
    const pick = await post('/ops/catalogue/top/pick/add', { kind: TopPickKind.Bonus, target_id: chapter.id });
    expect(pick.statusCode).toBe(200);
    expect((await webTop()).bonus_episode_list.map((e) => e.episode_id)).toEqual([chapter.id]);
    await post('/ops/catalogue/top/pick/remove', { pick_id: pick.json().pick_id });
    expect((await webTop()).bonus_episode_list.map((e) => e.episode_id)).not.toContain(chapter.id);
  });

  it('adds a banner shown with its image inside its window, edits and deletes it, audited', async () => {
    const start = TEST_NOW - HOUR;
    const end = TEST_NOW + DAY;
    const saved = await post('/ops/catalogue/top/banner/save', {
      link_url: '/ranking',
      alt_text: 'Summer festival',
      alt_text_ja: '夏祭り',
      position: 1,
      start_time: wire(start),
      end_time: wire(end),
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().advertisement_id as number;
    // Not on the top page before it has an image.
    expect((await webTop()).banner_list.map((b) => b.advertisement_id)).not.toContain(id);
    const upload = await uploadBanner(id, await png());
    expect(upload.statusCode).toBe(200);
    const banner = (await webTop('ja')).banner_list.find((b) => b.advertisement_id === id);
    expect(banner).toMatchObject({ name: '夏祭り', link_url: '/ranking' });
    expect(banner!.image_url).toMatch(/banners\//);
    const image = await t.app.inject({ method: 'GET', url: new URL(banner!.image_url).pathname });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1280, height: 480, format: 'webp' });
    t.clock.set(end);
    try {
      expect((await webTop()).banner_list.map((b) => b.advertisement_id)).not.toContain(id);
    } finally {
      t.clock.set(TEST_NOW);
    }
    const edited = await post('/ops/catalogue/top/banner/save', {
      advertisement_id: id,
      link_url: 'https://example.com/fair',
      alt_text: 'Autumn fair',
      position: 2,
      start_time: wire(start),
    });
    expect(edited.statusCode).toBe(200);
    expect((await webTop()).banner_list.find((b) => b.advertisement_id === id)).toMatchObject({
      name: 'Autumn fair',
      link_url: 'https://example.com/fair',
    });
    const [save] = await auditRows('banner.save');
    expect(JSON.parse(save!.detail)).toMatchObject({
      before: { alt_text: 'Summer festival' },
      after: { alt_text: 'Autumn fair', end_at: null },
    });
    expect((await post('/ops/catalogue/top/banner/delete', { advertisement_id: id })).statusCode).toBe(200);
    expect((await webTop()).banner_list.map((b) => b.advertisement_id)).not.toContain(id);
    expect(await auditRows('banner.delete')).toHaveLength(1);
    expect(await auditRows('banner.image')).toHaveLength(1);
  });

  it('shows a campaign text in both languages inside its window only', async () => {
    const title = await publishedTitle();
    const start = TEST_NOW + HOUR;
    const end = TEST_NOW + DAY;
    const res = await post('/ops/catalogue/top/campaign', {
      title_id: title.id,
      campaign_text: 'All chapters free!',
      campaign_text_ja: '全話無料！',
      start_time: wire(start),
      end_time: wire(end),
    });
    expect(res.statusCode).toBe(200);
    const campaignOf = async (locale = 'en') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/title/list?title_id_list=${title.id}`,
          headers: { 'accept-language': locale },
        })
      ).json().title_list[0].campaign_text as string;
    expect(await campaignOf()).toBe('');
    t.clock.set(start);
    try {
      expect(await campaignOf()).toBe('All chapters free!');
      expect(await campaignOf('ja')).toBe('全話無料！');
      t.clock.set(end);
      expect(await campaignOf()).toBe('');
    } finally {
      t.clock.set(TEST_NOW);
    }
    expect((await curation()).campaign_list.find((c) => c.title_id === title.id)).toMatchObject({
      campaign_text_ja: '全話無料！',
      start_time: wire(start),
      active: 0,
    });
    const [row] = await auditRows('title.campaign');
    expect(JSON.parse(row!.detail)).toMatchObject({
      before: { campaign_text: '' },
      after: { campaign_text: 'All chapters free!', campaign_start_at: start, campaign_end_at: end },
    });
  });

  it('rebuilds the rankings on demand, audited, and an admin may too', async () => {
    const res = await post('/ops/catalogue/top/rankings/rebuild', {});
    expect(res.statusCode).toBe(200);
    expect(['success', 'skipped']).toContain(res.json().outcome);
    expect((await post('/ops/catalogue/top/rankings/rebuild', {}, admin)).statusCode).toBe(200);
    expect(await auditRows('rankings.rebuild')).toHaveLength(2);
  });
});

describe('bad input to top page curation', () => {
  it('answers 400 and changes nothing', async () => {
    const title = await publishedTitle();
    const unpublished = await insertTitle(t.database.db, { published_at: TEST_NOW + 365 * DAY });
    const before = await curation();
    const auditBefore = (await auditRows('top_pick.add')).length + (await auditRows('banner.save')).length;
    const refused: [url: string, body: Record<string, string | number>][] = [
      [
        '/ops/catalogue/top/pick/add',
        { kind: 1, target_id: title.id, start_time: wire(TEST_NOW + DAY), end_time: wire(TEST_NOW) },
      ],
      ['/ops/catalogue/top/pick/add', { kind: 1, target_id: 99_999_999 }],
      ['/ops/catalogue/top/pick/add', { kind: 1, target_id: unpublished.id }],
      ['/ops/catalogue/top/pick/add', { kind: 2, target_id: 99_999_999 }],
      ['/ops/catalogue/top/pick/add', { kind: 3, target_id: title.id }],
      ['/ops/catalogue/top/pick/add', { kind: 1, target_id: 'abc' }],
      ['/ops/catalogue/top/pick/add', { kind: 1, target_id: title.id, start_time: '2026-13-45 99:00:00' }],
      ['/ops/catalogue/top/pick/remove', { pick_id: 99_999_999 }],
      [
        '/ops/catalogue/top/banner/save',
        { link_url: 'javascript:alert(1)', alt_text: 'x', position: 1, start_time: wire(TEST_NOW) },
      ],
      ['/ops/catalogue/top/banner/save', { link_url: '/', alt_text: '', position: 1, start_time: wire(TEST_NOW) }],
      [
        '/ops/catalogue/top/banner/save',
        { link_url: '/', alt_text: 'x'.repeat(201), position: 1, start_time: wire(TEST_NOW) },
      ],
      [
        '/ops/catalogue/top/banner/save',
        { link_url: '/', alt_text: 'x', position: 1, start_time: wire(TEST_NOW), end_time: wire(TEST_NOW - DAY) },
      ],
      [
        '/ops/catalogue/top/banner/save',
        { advertisement_id: 99_999_999, link_url: '/', alt_text: 'x', position: 1, start_time: wire(TEST_NOW) },
      ],
      ['/ops/catalogue/top/banner/delete', { advertisement_id: 99_999_999 }],
      ['/ops/catalogue/top/campaign', { title_id: 99_999_999, campaign_text: 'x' }],
      ['/ops/catalogue/top/campaign', { title_id: title.id, campaign_text: 'x'.repeat(201) }],
      [
        '/ops/catalogue/top/campaign',
        { title_id: title.id, campaign_text: 'x', start_time: wire(TEST_NOW + DAY), end_time: wire(TEST_NOW + HOUR) },
      ],
    ];
    for (const [url, body] of refused) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().response_code).toBe(ResponseCode.InvalidParameter);
    }
    const banner = (
      await post('/ops/catalogue/top/banner/save', {
        link_url: '/',
        alt_text: 'Img',
        position: 5,
        start_time: wire(TEST_NOW),
      })
    ).json().advertisement_id as number;
    expect((await uploadBanner(banner, Buffer.from('not an image at all'), 'image/png')).statusCode).toBe(400);
    expect((await uploadBanner(banner, Buffer.from('%PDF-1.4'), 'application/pdf')).statusCode).not.toBe(200);
    expect((await uploadBanner(99_999_999, await png())).statusCode).toBe(400);
    const after = await curation();
    expect(after.pick_list).toEqual(before.pick_list);
    expect(after.campaign_list).toEqual(before.campaign_list);
    expect(after.banner_list.find((b) => b.advertisement_id === banner)?.image_url).toBe('');
    expect((await auditRows('top_pick.add')).length + (await auditRows('banner.save')).length).toBe(auditBefore + 1);
    await post('/ops/catalogue/top/banner/delete', { advertisement_id: banner });
  });
});
