// Reads the page images of one episode from a folder or a .cbz (zip) file. Only file access and
// unzipping happen here; decoding and validating the pixels is the image processor's job.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';

export interface ArchiveEntry {
  /** The entry's name inside the archive or folder, for messages (e.g. `ch01/page02.jpg`). */
  name: string;
  bytes: Buffer;
}

export class ArchiveError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ArchiveError';
  }
}

export const PAGE_IMAGE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
  '.avif',
  '.tif',
  '.tiff',
]);

/** Metadata files that comic archives commonly carry next to the pages; they are skipped, not refused. */
const KNOWN_METADATA = new Set(['comicinfo.xml', 'thumbs.db', 'desktop.ini']);

/** Refuse archives that would unpack to more than this (zip bombs). */
const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;

export interface ArchiveRepository {
  /** Page images of a folder or a .cbz/.zip file, in natural name order. */
  readPages(source: string): Promise<ArchiveEntry[]>;
}

export class FileArchiveRepository implements ArchiveRepository {
  async readPages(source: string): Promise<ArchiveEntry[]> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(source);
    } catch (error) {
      throw new ArchiveError(`Cannot read "${source}": ${(error as Error).message}`, { cause: error });
    }
    if (info.isDirectory()) return readFolder(source);
    const extension = path.extname(source).toLowerCase();
    if (extension !== '.cbz' && extension !== '.zip') {
      throw new ArchiveError(`"${path.basename(source)}" is neither a folder nor a .cbz/.zip archive`);
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(source);
    } catch (error) {
      throw new ArchiveError(`Cannot read "${source}": ${(error as Error).message}`, { cause: error });
    }
    return readZip(bytes, path.basename(source));
  }
}

async function readFolder(folder: string): Promise<ArchiveEntry[]> {
  const names: string[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(folder, relative), { withFileTypes: true });
    for (const entry of entries) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!isIgnoredPath(`${name}/`)) await walk(name);
      } else if (entry.isFile()) {
        names.push(name);
      }
    }
  };
  await walk('');
  const pageNames = selectPageNames(names, path.basename(folder));
  return Promise.all(pageNames.map(async (name) => ({ name, bytes: await readFile(path.join(folder, name)) })));
}

/** Unzips an in-memory .cbz/.zip and returns its page images in natural order. */
export function readZip(bytes: Uint8Array, archiveName: string): ArchiveEntry[] {
  let files: Record<string, Uint8Array>;
  let unpacked = 0;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith('/') || isIgnoredPath(file.name)) return false;
        unpacked += file.originalSize;
        if (unpacked > MAX_UNPACKED_BYTES) throw new ArchiveError(`"${archiveName}" unpacks to more than 1 GiB`);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`"${archiveName}" is not a readable zip archive: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const pageNames = selectPageNames(Object.keys(files), archiveName);
  return pageNames.map((name) => ({ name, bytes: Buffer.from(files[name] as Uint8Array) }));
}

/** Drops ignorable entries, refuses non-images and sorts naturally. */
function selectPageNames(names: readonly string[], sourceName: string): string[] {
  const pages: string[] = [];
  for (const name of names) {
    if (isIgnoredPath(name)) continue;
    const base = path.posix.basename(name).toLowerCase();
    if (KNOWN_METADATA.has(base)) continue;
    if (!PAGE_IMAGE_EXTENSIONS.has(path.posix.extname(base))) {
      throw new ArchiveError(
        `"${name}" in "${sourceName}" is not a page image (expected .jpg, .png, .webp, .gif, .avif or .tiff)`,
      );
    }
    pages.push(name);
  }
  if (pages.length === 0) throw new ArchiveError(`"${sourceName}" contains no page images`);
  return pages.sort(compareNatural);
}

/** Directories, macOS resource forks and dotfiles (at any depth) are not pages. */
export function isIgnoredPath(name: string): boolean {
  return name.split('/').some((segment) => segment === '__MACOSX' || (segment.startsWith('.') && segment.length > 0));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order: `page2` before `page10`, folders grouped, case-insensitive. */
export function compareNatural(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
