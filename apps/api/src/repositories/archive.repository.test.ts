import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveError, compareNatural, FileArchiveRepository, readZip } from '#src/repositories/archive.repository.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('archive reading', () => {
  let dir: string;
  const archives = new FileArchiveRepository();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'archive-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('sorts names naturally', () => {
    const names = ['page10.jpg', 'page2.jpg', 'Page1.jpg', 'page02b.jpg', 'ch2/p1.png', 'ch10/p1.png', 'ch1/p3.png'];
    expect([...names].sort(compareNatural)).toEqual([
      'ch1/p3.png',
      'ch2/p1.png',
      'ch10/p1.png',
      'Page1.jpg',
      'page2.jpg',
      'page02b.jpg',
      'page10.jpg',
    ]);
  });

  it('reads a zip in natural order, skipping folders, __MACOSX, dotfiles and ComicInfo.xml', () => {
    const zip = zipSync({
      'page10.jpg': bytes('10'),
      'page2.jpg': bytes('2'),
      'page1.jpg': bytes('1'),
      '__MACOSX/._page1.jpg': bytes('fork'),
      '.DS_Store': bytes('ds'),
      'sub/.hidden.png': bytes('hidden'),
      'ComicInfo.xml': bytes('<ComicInfo/>'),
      'empty/': new Uint8Array(),
    });
    const entries = readZip(zip, 'chapter.cbz');
    expect(entries.map((e) => e.name)).toEqual(['page1.jpg', 'page2.jpg', 'page10.jpg']);
    expect(entries.map((e) => e.bytes.toString())).toEqual(['1', '2', '10']);
  });

  it('rejects a non-image entry by name, an empty archive and a corrupt zip', () => {
    expect(() => readZip(zipSync({ 'p1.jpg': bytes('1'), 'notes.txt': bytes('hi') }), 'c.cbz')).toThrow(
      /"notes\.txt" in "c\.cbz" is not a page image/,
    );
    expect(() => readZip(zipSync({ '__MACOSX/._a.jpg': bytes('x') }), 'c.cbz')).toThrow(/contains no page images/);
    expect(() => readZip(bytes('PK\u0003\u0004 definitely not a zip'), 'broken.cbz')).toThrow(ArchiveError);
  });

  it('reads a folder recursively in natural order', async () => {
    const folder = path.join(dir, 'chapter');
    await mkdir(path.join(folder, 'b'), { recursive: true });
    await mkdir(path.join(folder, '.git'), { recursive: true });
    await writeFile(path.join(folder, '3.png'), '3');
    await writeFile(path.join(folder, '20.png'), '20');
    await writeFile(path.join(folder, 'b', '1.png'), 'b1');
    await writeFile(path.join(folder, '.git', 'x.png'), 'x');
    await writeFile(path.join(folder, 'Thumbs.db'), 'x');
    const entries = await archives.readPages(folder);
    expect(entries.map((e) => e.name)).toEqual(['3.png', '20.png', 'b/1.png']);
  });

  it('reads .cbz files and names unreadable sources', async () => {
    const file = path.join(dir, 'one.cbz');
    await writeFile(file, zipSync({ '01.webp': bytes('a') }));
    expect((await archives.readPages(file)).map((e) => e.name)).toEqual(['01.webp']);
    await expect(archives.readPages(path.join(dir, 'missing.cbz'))).rejects.toThrow(/Cannot read/);
    await writeFile(path.join(dir, 'x.rar'), 'x');
    await expect(archives.readPages(path.join(dir, 'x.rar'))).rejects.toThrow(/neither a folder nor/);
  });
});
