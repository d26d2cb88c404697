// The console's chapters (issue 26, ADR 061) through app.inject on a real database (SQLite, and
// PostgreSQL under `npm run test:pg`): a .cbz uploaded and processed by the import pipeline with its
// progress, bad archives named and nothing half-imported, the size limit, and who may call.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type EditorEpisode,
  type EditorUpload,
  type OpsAuditListResponse,
  ResponseCode,
  StaffRole,
} from '@manga/contracts';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChapterUploadRepository } from '#src/repositories/chapter-upload.repository.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, createStaff, type Reader } from '#test/comments.ts';

let t: TestApp;
let editor: Reader;
let admin: Reader;
let moderator: Reader;
let reader: Reader;
let titleId: number;
const EDITOR_IP = '10.61.0.1';
const MAX_BYTES = 256 * 1024;

beforeAll(async () => {
  t = await createTestApp({ chapterUploadMaxBytes: MAX_BYTES });
  editor = await createStaff(t, StaffRole.Editor);
  admin = await createStaff(t, StaffRole.Admin);
  moderator = await createStaff(t, StaffRole.Moderator);
  reader = await createReader(t);
  const created = await t.app.inject({
    method: 'POST',
    url: '/ops/catalogue/title/create',
    headers: { cookie: editor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'name_en=Paper+Moon&name_ja=紙の月&age_rating=0&reading_direction=1',
    remoteAddress: EDITOR_IP,
  });
  expect(created.statusCode, created.body).toBe(200);
  titleId = created.json().title.title_id;
});
afterAll(() => t.close());

const page = (shade: number) =>
  sharp({ create: { width: 320, height: 448, channels: 3, background: { r: shade, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();

async function cbz(pages: number, extra: Record<string, Uint8Array> = {}): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {};
  for (let index = 1; index <= pages; index++) files[`p${String(index).padStart(2, '0')}.jpg`] = await page(index * 40);
  return Buffer.from(zipSync({ ...files, ...extra }, { level: 0 }));
}

const upload = (body: Buffer, who: Reader | null = editor, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/ops/catalogue/episode/upload?title_id=${titleId}&name_en=Night+1&name_ja=${encodeURIComponent('第1夜')}${query}`,
    headers: { cookie: who?.cookie ?? '', 'content-type': 'application/zip' },
    payload: body,
    remoteAddress: EDITOR_IP,
  });

async function finished(uploadId: string): Promise<EditorUpload> {
  await t.app.container.services.chapterUpload.idle();
  const res = await t.app.inject({
    method: 'GET',
    url: `/ops/catalogue/episode/upload/status?upload_id=${uploadId}`,
    headers: { cookie: editor.cookie },
    remoteAddress: EDITOR_IP,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().upload;
}

const episodes = async (): Promise<EditorEpisode[]> =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/ops/catalogue/episode/list?title_id=${titleId}`,
      headers: { cookie: editor.cookie },
      remoteAddress: EDITOR_IP,
    })
  ).json().episode_list;

const storedObjects = async () => (await t.database.db.selectFrom('page').select('storage_key').execute()).length;

describe('chapter upload', () => {
  it('imports a good .cbz as a new unscheduled chapter, reports its progress and audits it', async () => {
    const res = await upload(await cbz(5));
    expect(res.statusCode, res.body).toBe(200);
    const started: EditorUpload = res.json().upload;
    expect(started).toMatchObject({ title_id: titleId, state: 'processing', episode_id: 0 });
    const done = await finished(started.upload_id);
    expect(done).toMatchObject({ state: 'done', stage: 'store', done: 5, total: 5, error_message: '' });
    // Its row, which another API process answers the console's polls from (several hosts).
    expect(await new ChapterUploadRepository(t.database.db).findUpload(started.upload_id)).toMatchObject({
      title_id: titleId,
      editor_user_id: editor.user.id,
      state: 'done',
      stage: 'store',
      done: 5,
      total: 5,
      episode_id: done.episode_id,
      error_message: '',
      finished_at: expect.any(Number),
    });
    const [chapter] = await episodes();
    expect(chapter).toMatchObject({
      episode_id: done.episode_id,
      name_en: 'Night 1',
      name_ja: '第1夜',
      page_count: 5,
      released: false,
      point: 0,
    });
    expect(chapter!.start_time).toBe('');
    const pages = await t.database.db
      .selectFrom('page')
      .selectAll()
      .where('episode_id', '=', done.episode_id)
      .orderBy('page_number')
      .execute();
    expect(pages.map((row) => row.page_number)).toEqual([1, 2, 3, 4, 5]);
    expect(pages.every((row) => row.light_storage_key && row.width % 64 === 0)).toBe(true);
    // Readers do not see an unscheduled chapter.
    const list = await t.app.inject({
      method: 'POST',
      url: '/episode/list',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `episode_id_list=${done.episode_id}`,
    });
    expect(list.json().episode_list ?? []).toEqual([]);
    const audit = (
      await t.app.inject({
        method: 'GET',
        url: '/ops/audit/list?limit=50',
        headers: { cookie: admin.cookie },
        remoteAddress: EDITOR_IP,
      })
    ).json() as OpsAuditListResponse;
    const row = audit.audit_log_list.find((entry) => entry.action === 'episode.upload');
    expect(row).toMatchObject({ target_type: 'episode', target_id: done.episode_id, operator_user_id: editor.user.id });
    expect(JSON.parse(row!.detail)).toMatchObject({ before: null, after: { page_count: 5, title_id: titleId } });
  });

  it('names a non-image in the archive and a corrupt page, and imports nothing', async () => {
    const before = { episodes: await episodes(), pages: await storedObjects() };
    const notImage = await upload(await cbz(3, { 'notes.txt': new TextEncoder().encode('hello') }));
    expect(notImage.statusCode, notImage.body).toBe(200);
    const failed = await finished(notImage.json().upload.upload_id);
    expect(failed).toMatchObject({ state: 'failed', episode_id: 0 });
    expect(failed.error_message).toMatch(/"notes\.txt".*is not a page image/);

    const corrupt = await upload(await cbz(3, { 'p02.jpg': new TextEncoder().encode('not really a jpeg') }));
    const broken = await finished(corrupt.json().upload.upload_id);
    expect(broken.state).toBe('failed');
    expect(broken.error_message).toMatch(/^p02\.jpg: /);

    const notZip = await upload(Buffer.from('PK but not a zip at all'));
    expect((await finished(notZip.json().upload.upload_id)).error_message).toMatch(/not a readable zip archive/);

    expect(await episodes()).toEqual(before.episodes);
    expect(await storedObjects()).toBe(before.pages);
    // No object of a failed import is left in storage: only the first chapter's folder exists.
    expect(readdirSync(join(t.config.storageDir, 'episodes'))).toEqual([String(before.episodes[0]!.episode_id)]);
    expect(readdirSync(t.config.uploadDir)).toEqual([]);
  });

  it('refuses an upload over the size limit with 413 and stores nothing', async () => {
    const before = await episodes();
    const big = Buffer.alloc(MAX_BYTES + 1, 7);
    const res = await upload(big);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error_message).toMatch(/larger than the limit/);
    expect(await episodes()).toEqual(before);
  });

  it('answers moderators, readers and guests as an unknown path, and a missing title with 3000', async () => {
    const body = await cbz(1);
    for (const who of [moderator, reader, null]) {
      const res = await upload(body, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().response_code).toBe(ResponseCode.ApiNotFound);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/ops/catalogue/episode/upload?title_id=99998',
      headers: { cookie: editor.cookie, 'content-type': 'application/zip' },
      payload: body,
      remoteAddress: EDITOR_IP,
    });
    expect(missing.json().response_code).toBe(ResponseCode.TitleNotFound);
    expect((await episodes()).length).toBe(1);
  });
});

describe('bulk scheduling and the coming weeks', () => {
  const form = (body: Record<string, string | number>, who: Reader | null = editor) =>
    t.app.inject({
      method: 'POST',
      url: '/ops/catalogue/episode/schedule',
      headers: { cookie: who?.cookie ?? '', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
      ).toString(),
      remoteAddress: EDITOR_IP,
    });

  it('places the next N unscheduled chapters every Monday 10:00 Japan time, audited, listed in the agenda', async () => {
    // Two more chapters: three unscheduled in all, two of them scheduled here.
    for (const pages of [1, 2]) {
      const res = await upload(await cbz(pages));
      expect((await finished(res.json().upload.upload_id)).state).toBe('done');
    }
    const before = await episodes();
    expect(before.filter((episode) => episode.start_time === '')).toHaveLength(3);
    const res = await form({ title_id: titleId, weekday: 1, time: '10:00', count: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const placed: EditorEpisode[] = res.json().episode_list;
    expect(placed.map((episode) => episode.episode_id)).toEqual(before.slice(0, 2).map((e) => e.episode_id));
    // TEST_NOW is a weekday in November 2026: the first Monday after it, then a week later.
    const [first, second] = placed.map((episode) => episode.start_time);
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2} 10:00:00$/);
    expect(new Date(`${first!.slice(0, 10)}T00:00:00Z`).getUTCDay()).toBe(1);
    const gap = Date.parse(`${second!.slice(0, 10)}T00:00:00Z`) - Date.parse(`${first!.slice(0, 10)}T00:00:00Z`);
    expect(gap).toBe(7 * 86_400_000);
    expect((await episodes())[2]!.start_time).toBe('');

    const agenda = await t.app.inject({
      method: 'GET',
      url: '/ops/catalogue/schedule?days=28',
      headers: { cookie: editor.cookie },
      remoteAddress: EDITOR_IP,
    });
    expect(agenda.statusCode, agenda.body).toBe(200);
    const rows = agenda.json().schedule_list as { episode_id: number; title_name_en: string; start_time: string }[];
    expect(rows.filter((row) => row.title_name_en === 'Paper Moon').map((row) => row.start_time)).toEqual([
      first,
      second,
    ]);

    const audit = (
      await t.app.inject({
        method: 'GET',
        url: '/ops/audit/list?limit=100',
        headers: { cookie: admin.cookie },
        remoteAddress: EDITOR_IP,
      })
    ).json() as OpsAuditListResponse;
    const bulk = audit.audit_log_list.filter((entry) => entry.action === 'episode.update');
    expect(bulk.map((entry) => entry.target_id).sort()).toEqual(placed.map((episode) => episode.episode_id).sort());
    expect(JSON.parse(bulk[0]!.detail)).toMatchObject({ before: { start_time: null }, bulk: true });
  });

  it('refuses bad input and other roles, changing nothing', async () => {
    const before = await episodes();
    for (const body of [
      { title_id: titleId, weekday: 8, time: '10:00', count: 1 },
      { title_id: titleId, weekday: 1, time: '25:00', count: 1 },
      { title_id: titleId, weekday: 1, time: '10:00', count: 0 },
      { title_id: titleId, weekday: 1, time: '10:00', count: 'two' },
    ]) {
      const res = await form(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().response_code).toBe(ResponseCode.InvalidParameter);
    }
    for (const who of [moderator, reader, null]) {
      expect((await form({ title_id: titleId, weekday: 1, time: '10:00', count: 1 }, who)).statusCode).toBe(404);
    }
    expect(await episodes()).toEqual(before);
  });
});
