// The catalogue console in API tests: pages drawn by sharp, and a chapter uploaded as an editor
// through the console's own calls (upload, then its status once the import is done).
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from '#test/app.ts';
import type { Reader } from '#test/comments.ts';

/** A plain JPEG page of 320 px, tinted by `shade` (0–255), so that pages tell apart. */
export const drawnPage = (shade: number, height = 448) =>
  sharp({ create: { width: 320, height, channels: 3, background: { r: shade, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();

/** Uploads `pages` drawn pages (page n shaded n × `shadeStep`) as a .cbz and returns the new chapter's id. */
export async function uploadChapterAsEditor(
  t: TestApp,
  editor: Reader,
  titleId: number,
  options: { pages: number; shadeStep: number; remoteAddress: string },
): Promise<number> {
  const files: Record<string, Uint8Array> = {};
  for (let index = 1; index <= options.pages; index++) {
    files[`p${index}.jpg`] = await drawnPage(index * options.shadeStep);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: `/ops/catalogue/episode/upload?title_id=${titleId}`,
    headers: { cookie: editor.cookie, 'content-type': 'application/zip' },
    payload: Buffer.from(zipSync(files, { level: 0 })),
    remoteAddress: options.remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.container.services.chapterUpload.idle();
  const status = await t.app.inject({
    method: 'GET',
    url: `/ops/catalogue/episode/upload/status?upload_id=${res.json().upload.upload_id}`,
    headers: { cookie: editor.cookie },
    remoteAddress: options.remoteAddress,
  });
  expect(status.json().upload.state).toBe('done');
  return status.json().upload.episode_id;
}
