// A chapter's pages from the console (issue 26, ADR 061 addendum): listed with an editors' preview,
// reordered (the whole new order, one transaction) and replaced one at a time through the import's
// image pipeline (decode, normalise, both tiers scrambled with the episode's seed, stored). Each
// change touches the episode row, which moves the catalogue revision (ADR 020) so caches answer the
// new pages on the next request, and writes its audit row in the same transaction. When the first
// page changes (moved or replaced) the chapter's thumbnail is made again from the new first page.
import {
  AuditAction,
  AuditTarget,
  type EditorPage,
  PAGE_REPLACE_MAX_BYTES,
  PAGE_REPLACE_MEDIA_TYPES,
  ResponseCode,
} from '@manga/contracts';
import type { EpisodeRow, NewAuditLog, PageRow } from '#src/db/schema.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { ImageProcessorRepository } from '#src/repositories/image-processor.repository.ts';
import type { StorageRepository } from '#src/repositories/storage.repository.ts';
import type { TitleEditorRepository } from '#src/repositories/title-editor.repository.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { assertSeed, type IngestService, PAGE_SIZE_MULTIPLE, type PageSource } from '#src/services/ingest.service.ts';

type PageStore = Pick<TitleEditorRepository, 'findEpisode' | 'listEpisodePages'>;
type PageWriter = PageStore &
  Pick<TitleEditorRepository, 'renumberPages' | 'updatePageImage' | 'updateEpisode' | 'insertAuditLog'>;

export interface ChapterPagesDeps {
  /** The editors' access check (CatalogueEditorService.requireEditor): the caller, or 1002. */
  access: (auth: RequestAuth) => Promise<AuthUser>;
  pages: PageStore;
  transactions: { run<T>(work: (pages: PageWriter) => Promise<T>): Promise<T> };
  ingest: Pick<IngestService, 'normalisePages' | 'writePage' | 'readStoredPage' | 'writeEpisodeThumbnail'>;
  images: Pick<ImageProcessorRepository, 'shrinkPage' | 'encodeJpeg'>;
  storage: Pick<StorageRepository, 'delete'>;
  clock: ClockRepository;
  randomU32: () => number;
  log?: { warn: (object: unknown, message: string) => void };
}

/** Width of the editors' page previews (rounded down to 64). */
export const PAGE_PREVIEW_WIDTH = 256;

const invalid = (message: string, status?: number) => new DomainError(ResponseCode.InvalidParameter, message, status);
const episodeNotFound = () => new DomainError(ResponseCode.EpisodeNotFound);

/**
 * The refusal of a new order, or undefined when `order` is exactly the chapter's page ids each once.
 * (Duplicates, missing pages and pages of another chapter are all refused.)
 */
export function pageOrderProblem(current: readonly number[], order: readonly number[]): string | undefined {
  const seen = new Set<number>();
  const known = new Set(current);
  for (const id of order) {
    if (seen.has(id)) return `Page ${id} appears twice in the new order`;
    if (!known.has(id)) return `Page ${id} is not a page of this chapter`;
    seen.add(id);
  }
  if (seen.size !== known.size) return `The new order names ${seen.size} of the chapter's ${known.size} pages`;
  return undefined;
}

export class ChapterPagesService {
  constructor(private readonly deps: ChapterPagesDeps) {}

  /** GET /ops/catalogue/episode/pages */
  async listPages(auth: RequestAuth, episodeId: number): Promise<{ episode_id: number; page_list: EditorPage[] }> {
    await this.deps.access(auth);
    await this.findEpisode(this.deps.pages, episodeId);
    return this.render(episodeId, await this.deps.pages.listEpisodePages(episodeId));
  }

  /** GET /ops/catalogue/episode/page/image: the page unscrambled and small, for editors. */
  async previewPage(auth: RequestAuth, episodeId: number, pageId: number): Promise<Buffer> {
    await this.deps.access(auth);
    const episode = await this.findEpisode(this.deps.pages, episodeId);
    const page = (await this.deps.pages.listEpisodePages(episodeId)).find((row) => row.id === pageId);
    if (!page) throw invalid(`Page ${pageId} is not a page of chapter ${episodeId}`, 404);
    const jpeg = await this.preview(page.storage_key, episode.scramble_seed, PAGE_PREVIEW_WIDTH);
    if (!jpeg) throw invalid(`The image of page ${page.page_number} is missing`, 404);
    return jpeg;
  }

  /**
   * A stored page unscrambled and shrunk to `width` (rounded down to 64) as JPEG: the editors' preview
   * of a page (never served to readers). Undefined when the object is missing.
   */
  private async preview(storageKey: string, seed32: number, width: number): Promise<Buffer | undefined> {
    const pixels = await this.deps.ingest.readStoredPage(storageKey, seed32);
    if (!pixels) return undefined;
    const small = await this.deps.images.shrinkPage(pixels, { targetWidth: width, multiple: PAGE_SIZE_MULTIPLE });
    return this.deps.images.encodeJpeg(small, { quality: 70 });
  }

  /**
   * One page replaced (ADR 061): the image is decoded and normalised like an import's, then written by
   * the import's own per-page writer, scrambled with the episode's seed in both tiers, under a folder
   * named by `version` (so the live objects are never overwritten). Every key written goes to `written`.
   */
  private async writeReplacementPage(
    input: { episodeId: number; seed32: number; pageNumber: number; version: string; source: PageSource },
    written: string[],
  ) {
    assertSeed(input.seed32);
    const [normalised] = await this.deps.ingest.normalisePages([input.source]);
    return this.deps.ingest.writePage({ pixels: normalised!.pixels }, input, written);
  }

  /** POST /ops/catalogue/episode/pages/order: the chapter's pages in the order of `pageIds`, all at once. */
  async reorderPages(
    auth: RequestAuth,
    episodeId: number,
    pageIds: readonly number[],
  ): Promise<{ episode_id: number; page_list: EditorPage[] }> {
    const editor = await this.deps.access(auth);
    const now = this.deps.clock.now();
    let firstBefore: number | undefined;
    const pages = await this.deps.transactions.run(async (store) => {
      await this.findEpisode(store, episodeId);
      const current = await store.listEpisodePages(episodeId);
      const before = current.map((page) => page.id);
      firstBefore = before[0];
      const problem = pageOrderProblem(before, pageIds);
      if (problem) throw invalid(problem);
      if (before.every((id, index) => id === pageIds[index])) return current;
      await store.renumberPages(
        episodeId,
        pageIds.map((id, index) => ({ id, page_number: index + 1 })),
      );
      await store.updateEpisode(episodeId, { updated_at: now });
      await store.insertAuditLog(
        audit(editor, episodeId, now, { before: { page_order: before }, after: { page_order: [...pageIds] } }),
      );
      return store.listEpisodePages(episodeId);
    });
    if (pages[0] && pages[0].id !== firstBefore) await this.remakeThumbnail(episodeId, pages[0].storage_key);
    return this.render(episodeId, pages);
  }

  /**
   * The chapter's thumbnail made again from its (new) first page, stored under a version of its own,
   * and the episode pointed to it while it still points to the one read; the old one is deleted after.
   * Best effort after the pages' own change has committed: a failure is logged and the old thumbnail
   * stays.
   */
  private async remakeThumbnail(episodeId: number, firstPageKey: string): Promise<void> {
    const written: string[] = [];
    try {
      const episode = await this.findEpisode(this.deps.pages, episodeId);
      const pixels = await this.deps.ingest.readStoredPage(firstPageKey, episode.scramble_seed);
      if (!pixels) throw new Error(`the first page's image ${firstPageKey} is missing`);
      const version = (this.deps.randomU32() >>> 0).toString(16).padStart(8, '0');
      const key = await this.deps.ingest.writeEpisodeThumbnail(
        { episodeId, seed32: episode.scramble_seed, pixels, version },
        written,
      );
      const moved = await this.deps.transactions.run(async (store) => {
        const current = await store.findEpisode(episodeId);
        if (current?.thumbnail_path !== episode.thumbnail_path) return false;
        await store.updateEpisode(episodeId, { thumbnail_path: key, updated_at: this.deps.clock.now() });
        return true;
      });
      if (!moved) throw new Error('the thumbnail changed meanwhile');
      // Only an object of this chapter's own is ever deleted (a seeded catalogue may share art).
      if (episode.thumbnail_path.startsWith(`episodes/${episodeId}/`)) {
        await this.deps.storage.delete(episode.thumbnail_path).catch(() => {});
      }
    } catch (error) {
      await Promise.allSettled(written.map((key) => this.deps.storage.delete(key)));
      this.deps.log?.warn({ err: error, episodeId }, 'The chapter thumbnail was not remade');
    }
  }

  /**
   * POST /ops/catalogue/episode/page/replace: a new image for one page, which keeps its place. The new
   * objects are stored first under a version of their own; the row then points to them in the audited
   * transaction (only while it still points to the objects read, so two replacements do not cross);
   * the old objects are deleted after the commit, the new ones when anything fails.
   */
  async replacePage(
    auth: RequestAuth,
    input: { episodeId: number; pageId: number; bytes: Uint8Array; mediaType: string },
  ): Promise<{ episode_id: number; page_list: EditorPage[] }> {
    const editor = await this.deps.access(auth);
    const { episodeId, pageId } = input;
    if (!(PAGE_REPLACE_MEDIA_TYPES as readonly string[]).includes(input.mediaType)) {
      throw invalid(`A page must be one of ${PAGE_REPLACE_MEDIA_TYPES.join(', ')}`, 415);
    }
    if (input.bytes.length === 0) throw invalid('The upload is empty');
    if (input.bytes.length > PAGE_REPLACE_MAX_BYTES) {
      throw invalid(`The upload is larger than the limit of ${PAGE_REPLACE_MAX_BYTES / (1024 * 1024)} MB`, 413);
    }
    const episode = await this.findEpisode(this.deps.pages, episodeId);
    const page = (await this.deps.pages.listEpisodePages(episodeId)).find((row) => row.id === pageId);
    if (!page) throw invalid(`Page ${pageId} is not a page of chapter ${episodeId}`, 404);
    const before = { storage_key: page.storage_key, sha256: page.sha256, width: page.width, height: page.height };
    const oldKeys = [page.storage_key, page.light_storage_key].filter((key): key is string => !!key);
    const version = (this.deps.randomU32() >>> 0).toString(16).padStart(8, '0');
    const written: string[] = [];
    const now = this.deps.clock.now();
    try {
      let image: Awaited<ReturnType<IngestService['writePage']>>;
      try {
        image = await this.writeReplacementPage(
          {
            episodeId,
            seed32: episode.scramble_seed,
            pageNumber: page.page_number,
            version,
            source: { name: `page ${page.page_number}`, bytes: input.bytes },
          },
          written,
        );
      } catch (error) {
        if ((error as Error).name === 'IngestError') throw invalid((error as Error).message);
        throw error;
      }
      const pages = await this.deps.transactions.run(async (store) => {
        if (!(await store.updatePageImage(pageId, before.storage_key, image))) {
          throw new DomainError(ResponseCode.InvalidParameter, 'The page changed meanwhile; reload and try again', 409);
        }
        await store.updateEpisode(episodeId, { updated_at: now });
        await store.insertAuditLog(
          audit(editor, episodeId, now, {
            page_id: pageId,
            page_number: page.page_number,
            before,
            after: { storage_key: image.storage_key, sha256: image.sha256, width: image.width, height: image.height },
          }),
        );
        return store.listEpisodePages(episodeId);
      });
      // Readers holding a signed URL of the old page lose it now; the viewer answers the new one.
      await Promise.allSettled(oldKeys.map((key) => this.deps.storage.delete(key)));
      if (page.page_number === 1) await this.remakeThumbnail(episodeId, image.storage_key);
      return this.render(episodeId, pages);
    } catch (error) {
      await Promise.allSettled(written.map((key) => this.deps.storage.delete(key)));
      throw error;
    }
  }

  private async findEpisode(store: PageStore, episodeId: number): Promise<EpisodeRow> {
    const episode = await store.findEpisode(episodeId);
    if (!episode) throw episodeNotFound();
    return episode;
  }

  private render(episodeId: number, pages: readonly PageRow[]) {
    return {
      episode_id: episodeId,
      page_list: pages.map((page) => ({
        page_id: page.id,
        page_number: page.page_number,
        width: page.width,
        height: page.height,
        image_version: page.sha256.slice(0, 16),
      })),
    };
  }
}

function audit(editor: AuthUser, episodeId: number, now: number, detail: object): NewAuditLog {
  return {
    actor_user_id: editor.userId,
    action: AuditAction.EpisodePages,
    target_type: AuditTarget.Episode,
    target_id: episodeId,
    detail: JSON.stringify(detail),
    created_at: now,
  };
}
