// A chapter's pages in the console (issue 26, ADR 061 addendum) through app.inject on a real database
// (SQLite, and PostgreSQL under `npm run test:pg`): listed with previews, reordered as one transaction,
// one page replaced through the import's pipeline (both tiers, scrambled, stored), audited, the
// catalogue revision moved; hostile orders and uploads refused with nothing changed; who may call.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EditorPage, type OpsAuditListResponse, ResponseCode, StaffRole } from '@manga/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, createStaff, type Reader } from '#test/comments.ts';
import { drawnPage, uploadChapterAsEditor } from '#test/editorial.ts';

let t: TestApp;
let editor: Reader;
let admin: Reader;
let moderator: Reader;
let reader: Reader;
let episodeId: number;
let otherEpisodeId: number;
const EDITOR_IP = '10.61.0.2';

const image = drawnPage;

async function chapterOf(name: string, pages: number): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/ops/catalogue/title/create',
    headers: { cookie: editor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `name_en=${name}&name_ja=${name}&age_rating=0&reading_direction=1`,
    remoteAddress: EDITOR_IP,
  });
  expect(created.statusCode, created.body).toBe(200);
  return uploadChapterAsEditor(t, editor, created.json().title.title_id, {
    pages,
    shadeStep: 50,
    remoteAddress: EDITOR_IP,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  editor = await createStaff(t, StaffRole.Editor);
  admin = await createStaff(t, StaffRole.Admin);
  moderator = await createStaff(t, StaffRole.Moderator);
  reader = await createReader(t);
  episodeId = await chapterOf('Paper+Moon', 3);
  otherEpisodeId = await chapterOf('Other+Sky', 2);
});
afterAll(() => t.close());

const listPages = async (id = episodeId, who: Reader | null = editor) =>
  t.app.inject({
    method: 'GET',
    url: `/ops/catalogue/episode/pages?episode_id=${id}`,
    headers: { cookie: who?.cookie ?? '' },
    remoteAddress: EDITOR_IP,
  });
const pagesOf = async (id = episodeId): Promise<EditorPage[]> => (await listPages(id)).json().page_list;

const reorder = (ids: string, who: Reader | null = editor, id = episodeId) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/catalogue/episode/pages/order',
    headers: { cookie: who?.cookie ?? '', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `episode_id=${id}&page_id_list=${encodeURIComponent(ids)}`,
    remoteAddress: EDITOR_IP,
  });

const replace = (pageId: number, body: Buffer, type = 'image/png', who: Reader | null = editor, id = episodeId) =>
  t.app.inject({
    method: 'POST',
    url: `/ops/catalogue/episode/page/replace?episode_id=${id}&page_id=${pageId}`,
    headers: { cookie: who?.cookie ?? '', 'content-type': type },
    payload: body,
    remoteAddress: EDITOR_IP,
  });

const revision = async () =>
  Number(
    (await t.database.db.selectFrom('catalogue_revision').select('revision').where('id', '=', 1).executeTakeFirst())
      ?.revision,
  );
const pageRows = () =>
  t.database.db.selectFrom('page').selectAll().where('episode_id', '=', episodeId).orderBy('page_number').execute();

async function audits(): Promise<OpsAuditListResponse['audit_log_list']> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/ops/audit/list?limit=50',
    headers: { cookie: admin.cookie },
    remoteAddress: EDITOR_IP,
  });
  return (res.json() as OpsAuditListResponse).audit_log_list.filter((row) => row.action === 'episode.pages');
}

describe('a chapter’s pages', () => {
  it('lists the pages in order, each with an unscrambled preview for editors', async () => {
    const pages = await pagesOf();
    expect(pages.map((page) => page.page_number)).toEqual([1, 2, 3]);
    const preview = await t.app.inject({
      method: 'GET',
      url: `/ops/catalogue/episode/page/image?episode_id=${episodeId}&page_id=${pages[1]!.page_id}`,
      headers: { cookie: editor.cookie },
      remoteAddress: EDITOR_IP,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta.width).toBe(256);
    // The second page's own colour (red 100, up to JPEG's shifts).
    const stats = await sharp(preview.rawPayload).stats();
    expect(Math.abs(stats.channels[0]!.mean - 100)).toBeLessThan(16);
  });

  it('reorders the pages in one go, audited, moving the catalogue revision; the new first page is the thumbnail', async () => {
    const before = await pagesOf();
    const rows = await pageRows();
    const revisionBefore = await revision();
    const thumbnailOf = async () =>
      (
        await t.database.db
          .selectFrom('episode')
          .select('thumbnail_path')
          .where('id', '=', episodeId)
          .executeTakeFirstOrThrow()
      ).thumbnail_path;
    const thumbnailBefore = await thumbnailOf();
    const storage = t.config.storageDir;
    const thumbnailBytesBefore = readFileSync(join(storage, thumbnailBefore));
    const [a, b, c] = before.map((page) => page.page_id) as [number, number, number];
    const res = await reorder(`${b},${a},${c}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().page_list.map((page: EditorPage) => [page.page_id, page.page_number])).toEqual([
      [b, 1],
      [a, 2],
      [c, 3],
    ]);
    const after = await pageRows();
    // The stored objects move with their rows.
    expect(after[0]!.storage_key).toBe(rows[1]!.storage_key);
    expect(after[1]!.storage_key).toBe(rows[0]!.storage_key);
    expect(await revision()).toBeGreaterThan(revisionBefore);
    // Made again from the page now first, under a key of its own; the old one deleted.
    const thumbnailAfter = await thumbnailOf();
    expect(thumbnailAfter).not.toBe(thumbnailBefore);
    expect(thumbnailAfter).toMatch(new RegExp(`^episodes/${episodeId}/.+/thumbnail-[0-9a-f]{8}\\.webp$`));
    expect(readFileSync(join(storage, thumbnailAfter)).equals(thumbnailBytesBefore)).toBe(false);
    expect(existsSync(join(storage, thumbnailBefore))).toBe(false);
    const [row] = await audits();
    expect(row).toMatchObject({ target_type: 'episode', target_id: episodeId, operator_user_id: editor.user.id });
    expect(JSON.parse(row!.detail)).toEqual({ before: { page_order: [a, b, c] }, after: { page_order: [b, a, c] } });
  });

  it('refuses orders that are not a permutation of the chapter’s pages, changing nothing', async () => {
    const ids = (await pagesOf()).map((page) => page.page_id);
    const foreign = (await pagesOf(otherEpisodeId)).map((page) => page.page_id);
    const rows = await pageRows();
    const auditCount = (await audits()).length;
    for (const bad of [
      `${ids[0]},${ids[0]},${ids[2]}`, // duplicate
      `${ids[0]},${ids[1]}`, // missing one
      `${ids.join(',')},${foreign[0]}`, // one too many, of another title's chapter
      `${foreign[0]},${ids[1]},${ids[2]}`, // another title's page in place of one
      '',
    ]) {
      const res = await reorder(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().response_code).toBe(ResponseCode.InvalidParameter);
    }
    expect((await reorder('1,x,3')).statusCode).toBe(400);
    // The other title's chapter, with this chapter's pages.
    expect((await reorder(ids.join(','), editor, otherEpisodeId)).statusCode).toBe(400);
    expect((await reorder(ids.join(','), editor, 9_999_999)).json().response_code).toBe(ResponseCode.EpisodeNotFound);
    expect(await pageRows()).toEqual(rows);
    expect((await audits()).length).toBe(auditCount);
  });

  it('replaces one page through the pipeline: both tiers stored, row swapped, old objects deleted', async () => {
    const rows = await pageRows();
    const target = rows[1]!;
    const revisionBefore = await revision();
    const res = await replace(
      target.id,
      await sharp(await image(230, 640))
        .png()
        .toBuffer(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().page_list.find((p: EditorPage) => p.page_id === target.id);
    expect(page).toMatchObject({ page_number: 2, width: 320, height: 640 });
    const [after] = (await pageRows()).filter((row) => row.id === target.id);
    expect(after!.storage_key).not.toBe(target.storage_key);
    expect(after!.storage_key).toMatch(/^episodes\/\d+\/s[0-9a-f]{8}-[0-9a-f]{8}\/002\.jpg$/);
    expect(after!.light_storage_key).toMatch(/\/light\/002\.jpg$/);
    expect(after!.sha256).not.toBe(target.sha256);
    const storage = t.config.storageDir;
    expect(existsSync(join(storage, after!.storage_key))).toBe(true);
    expect(existsSync(join(storage, after!.light_storage_key!))).toBe(true);
    expect(existsSync(join(storage, target.storage_key))).toBe(false);
    expect(existsSync(join(storage, target.light_storage_key!))).toBe(false);
    // The other pages are untouched.
    expect((await pageRows()).filter((row) => row.id !== target.id)).toEqual(
      rows.filter((row) => row.id !== target.id),
    );
    expect(await revision()).toBeGreaterThan(revisionBefore);
    const [row] = await audits();
    expect(JSON.parse(row!.detail)).toMatchObject({
      page_id: target.id,
      page_number: 2,
      before: { storage_key: target.storage_key },
      after: { storage_key: after!.storage_key },
    });
  });

  it('refuses non-images, oversized bodies and another title’s page, keeping the old page', async () => {
    const rows = await pageRows();
    const auditCount = (await audits()).length;
    const notImage = await replace(rows[0]!.id, Buffer.from('not an image at all'), 'image/png');
    expect(notImage.statusCode, notImage.body).toBe(400);
    expect(notImage.json().error_message).toMatch(/^page 1: /);
    const text = await replace(rows[0]!.id, Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(415);
    const big = await replace(rows[0]!.id, Buffer.alloc(20 * 1024 * 1024 + 1, 1), 'image/jpeg');
    expect(big.statusCode).toBe(413);
    const empty = await replace(rows[0]!.id, Buffer.alloc(0), 'image/jpeg');
    expect(empty.statusCode).toBe(400);
    const foreignPage = (await pagesOf(otherEpisodeId))[0]!.page_id;
    expect((await replace(foreignPage, await image(10))).statusCode).toBe(404);
    expect((await replace(rows[0]!.id, await image(10), 'image/jpeg', editor, otherEpisodeId)).statusCode).toBe(404);
    expect(await pageRows()).toEqual(rows);
    expect((await audits()).length).toBe(auditCount);
    // Nothing new was left in the chapter's folder.
    const folders = new Set((await pageRows()).map((row) => row.storage_key.split('/')[2]));
    expect(folders.size).toBeLessThanOrEqual(2);
  });

  it('answers moderators, readers and guests as an unknown path, changing nothing', async () => {
    const rows = await pageRows();
    const ids = rows.map((row) => row.id);
    for (const who of [moderator, reader, null]) {
      for (const res of [
        await listPages(episodeId, who),
        await reorder([...ids].reverse().join(','), who),
        await replace(ids[0]!, await image(10), 'image/jpeg', who),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().response_code).toBe(ResponseCode.ApiNotFound);
      }
    }
    expect(await pageRows()).toEqual(rows);
  });
});
