// The editors' chapter preview (issue 26, ADR 073) through app.inject on a real database (SQLite, and
// PostgreSQL under `npm run test:pg`): a chapter in the web reader's shape before its release,
// recording nothing and never cached for others; what a guest, a member without points and a ticket
// holder would be shown, as the entitlement rules decide; who may call; bad input.

import { type PreviewAccess, ResponseCode, StaffRole } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, createStaff, type Reader } from '#test/comments.ts';
import { uploadChapterAsEditor } from '#test/editorial.ts';

let t: TestApp;
let editor: Reader;
let admin: Reader;
let member: Reader;
let titleId: number;
let unpublishedTitleId: number;
const EDITOR_IP = '10.73.0.2';
/** TEST_NOW is 2026-01-01 09:00 in the wire time zone; chapters set for 09:30 are out once the clock moves on. */
const SOON = '2026-01-01 09:30:00';
const FUTURE = '2026-02-01 12:00:00';

const form = (who: Reader, url: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload,
    remoteAddress: EDITOR_IP,
  });

async function createTitle(name: string): Promise<number> {
  const created = await form(
    editor,
    '/ops/catalogue/title/create',
    `name_en=${name}&name_ja=${name}&age_rating=0&reading_direction=1`,
  );
  expect(created.statusCode, created.body).toBe(200);
  return created.json().title.title_id;
}

function uploadChapter(title: number, pages = 2): Promise<number> {
  return uploadChapterAsEditor(t, editor, title, { pages, shadeStep: 60, remoteAddress: EDITOR_IP });
}

async function chapter(
  title: number,
  terms: { point: number; start: string; ticket: 0 | 1; single: 0 | 1; freeUntil?: string },
): Promise<number> {
  const id = await uploadChapter(title);
  const res = await form(
    editor,
    '/ops/catalogue/episode/update',
    `episode_id=${id}&point=${terms.point}&start_time=${encodeURIComponent(terms.start)}` +
      `&free_until_time=${encodeURIComponent(terms.freeUntil ?? '')}&ticket_rental=${terms.ticket}&single_sale=${terms.single}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const ids = { free: 0, paid: 0, rentable: 0, future: 0, unpublished: 0 };

beforeAll(async () => {
  t = await createTestApp();
  editor = await createStaff(t, StaffRole.Editor);
  admin = await createStaff(t, StaffRole.Admin);
  member = await createReader(t);
  titleId = await createTitle('Glass+Harbour');
  // Free first chapters are none, so that a price decides (the title's own free rules are the default 0).
  ids.free = await chapter(titleId, { point: 0, start: SOON, ticket: 0, single: 0 });
  ids.paid = await chapter(titleId, { point: 30, start: SOON, ticket: 0, single: 1 });
  ids.rentable = await chapter(titleId, { point: 30, start: SOON, ticket: 1, single: 1 });
  ids.future = await chapter(titleId, { point: 30, start: FUTURE, ticket: 1, single: 1 });
  const published = await form(editor, '/ops/catalogue/title/publish', `title_id=${titleId}&published=1`);
  expect(published.statusCode, published.body).toBe(200);
  unpublishedTitleId = await createTitle('Quiet+Lantern');
  ids.unpublished = await chapter(unpublishedTitleId, { point: 0, start: SOON, ticket: 0, single: 0 });
  t.clock.set(t.clock.now() + 60 * 60 * 1000);
});
afterAll(() => t.close());

const get = (url: string, who: Reader | null = editor) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who?.cookie ?? '' }, remoteAddress: EDITOR_IP });
const preview = (id: number | string, who: Reader | null = editor) =>
  get(`/ops/catalogue/episode/preview?episode_id=${id}`, who);
const access = (id: number | string, who: Reader | null = editor) =>
  get(`/ops/catalogue/episode/access?episode_id=${id}`, who);
const accessOf = async (id: number): Promise<PreviewAccess[]> => {
  const res = await access(id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_list;
};

const recorded = async () => {
  const count = async (table: 'view_history' | 'episode_view' | 'title_activity_daily') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    history: await count('view_history'),
    episodes: await count('episode_view'),
    activity: await count('title_activity_daily'),
  };
};

describe('the chapter preview', () => {
  it('answers the web reader’s shape for a chapter readers cannot open yet, private and uncached', async () => {
    const publicViewer = await get(`/web/episode/viewer?episode_id=${ids.future}`, member);
    expect(publicViewer.json().response_code).toBe(ResponseCode.ViewerEpisodeNotFound);
    const res = await preview(ids.future);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body).toMatchObject({
      episode_id: ids.future,
      title_id: titleId,
      title_name: 'Glass Harbour',
      start_time: FUTURE,
      is_released: 0,
      is_title_published: 1,
      last_page: 0,
      previous_episode: {},
      next_episode: {},
    });
    expect(body.page_list).toHaveLength(2);
    expect(body.page_size_list).toEqual([
      { width: 320, height: 448 },
      { width: 320, height: 448 },
    ]);
    // The pages are the reader's signed, scrambled images: the image route serves them.
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(body.page_list[0]).pathname + new URL(body.page_list[0]).search,
    });
    expect(page.statusCode).toBe(200);
  });

  it('is the very answer a reader gets for a released chapter (same pages, seed and direction)', async () => {
    const reader = (await get(`/web/episode/viewer?episode_id=${ids.free}`, member)).json();
    const staff = (await preview(ids.free)).json();
    for (const field of [
      'page_size_list',
      'scramble_seed',
      'scramble_ver',
      'direction',
      'image_quality',
      'page_slider',
    ]) {
      expect(staff[field], field).toEqual(reader[field]);
    }
    expect(staff.page_list.map((url: string) => new URL(url).pathname)).toEqual(
      reader.page_list.map((url: string) => new URL(url).pathname),
    );
    expect(staff.is_released).toBe(1);
  });

  it('opens a chapter of an unpublished title', async () => {
    const res = await preview(ids.unpublished, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ is_released: 0, is_title_published: 0 });
  });

  it('records no read, history or place, and buys nothing', async () => {
    const before = await recorded();
    const progressBefore = await t.database.db
      .selectFrom('view_history')
      .selectAll()
      .where('user_id', '=', editor.user.id)
      .execute();
    const purchasesBefore = await t.database.db.selectFrom('purchase').selectAll().execute();
    for (const id of [ids.free, ids.paid, ids.future]) expect((await preview(id)).statusCode).toBe(200);
    expect(await recorded()).toEqual(before);
    expect(progressBefore).toEqual([]);
    expect(await t.database.db.selectFrom('purchase').selectAll().execute()).toEqual(purchasesBefore);
  });

  it('answers as an unknown path to every other role and to guests, whatever the episode', async () => {
    const refused = [
      await createStaff(t, StaffRole.Moderator),
      await createStaff(t, StaffRole.Support),
      await createStaff(t, StaffRole.Analyst),
      member,
      null,
    ];
    for (const who of refused) {
      for (const res of [await preview(ids.free, who), await access(ids.free, who), await preview('x', who)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().response_code).toBe(ResponseCode.ApiNotFound);
      }
    }
  });

  it('refuses missing, malformed and unknown chapters', async () => {
    for (const url of ['/ops/catalogue/episode/preview', '/ops/catalogue/episode/access']) {
      for (const query of ['', '?episode_id=', '?episode_id=abc', '?episode_id=-4', '?episode_id=1.5']) {
        const res = await get(`${url}${query}`);
        expect(res.statusCode, `${url}${query}`).toBe(400);
        expect(res.json().response_code).toBe(ResponseCode.InvalidParameter);
      }
      const unknown = await get(`${url}?episode_id=99999999`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().response_code).toBe(ResponseCode.EpisodeNotFound);
    }
  });
});

describe('the access preview', () => {
  const row = (reader: PreviewAccess['reader'], state: PreviewAccess['state'], point = 0, until = '') => ({
    reader,
    state,
    point,
    until,
  });

  it('says a free chapter is free to everyone', async () => {
    expect(await accessOf(ids.free)).toEqual([
      row('guest', 'free'),
      row('member', 'free'),
      row('ticket_holder', 'free'),
    ]);
  });

  it('says a paid chapter needs its points from everyone', async () => {
    expect(await accessOf(ids.paid)).toEqual([
      row('guest', 'points', 30),
      row('member', 'points', 30),
      row('ticket_holder', 'points', 30),
    ]);
  });

  it('says a ticket holder can rent a ticket-rentable chapter', async () => {
    expect(await accessOf(ids.rentable)).toEqual([
      row('guest', 'points', 30),
      row('member', 'points', 30),
      row('ticket_holder', 'ticket'),
    ]);
  });

  it('says everyone waits for a chapter not released yet, until its release time', async () => {
    expect(await accessOf(ids.future)).toEqual([
      row('guest', 'not_released', 0, FUTURE),
      row('member', 'not_released', 0, FUTURE),
      row('ticket_holder', 'not_released', 0, FUTURE),
    ]);
  });

  it('says a chapter of an unpublished title is unpublished', async () => {
    expect((await accessOf(ids.unpublished)).map((item) => item.state)).toEqual([
      'unpublished',
      'unpublished',
      'unpublished',
    ]);
  });

  it('is private, and the real reader still gets the same refusal', async () => {
    const res = await access(ids.paid);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const locked = await get(`/web/episode/viewer?episode_id=${ids.paid}`, member);
    expect(locked.json().response_code).toBe(ResponseCode.EpisodeUnpurchased);
  });
});
