// Chapter uploads from the console (issue 26, ADR 061): the .cbz is spooled to a temporary file as it
// arrives, then goes through the same IngestService pipeline as `npm run import` (one owner of decoding,
// normalising, scrambling and storing; all or nothing). The new chapter, with the next free id at the
// end of its title, is unscheduled until an editor gives it a release time. Progress lives in this
// process's memory, read by polling.
import {
  AuditAction,
  AuditTarget,
  type EditorUpload,
  EditorUploadState,
  formatWireDateTime,
  ResponseCode,
  randomScrambleSeed,
} from '@manga/contracts';
import type { NewAuditLog, NewEpisode } from '#src/db/schema.ts';
import type { ArchiveRepository } from '#src/repositories/archive.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { IngestRepository } from '#src/repositories/ingest.repository.ts';
import type { UploadSpoolRepository } from '#src/repositories/upload-spool.repository.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { UNPUBLISHED_AT } from '#src/rules/entitlement.rules.ts';
import { importedEpisodeRow } from '#src/rules/imported-episode.rules.ts';
import type { IngestedEpisode, IngestService } from '#src/services/ingest.service.ts';

export interface ChapterUploadDeps {
  /** The editors' access check (CatalogueEditorService.requireEditor): the caller, or 1002. */
  access: (auth: RequestAuth) => Promise<AuthUser>;
  /** The title check, and the new chapter's id and place. */
  titles: Pick<IngestRepository, 'hasTitle' | 'nextEpisodeId' | 'nextSortIndex'>;
  spool: Pick<UploadSpoolRepository, 'spool' | 'remove'>;
  /** Reads the spooled .cbz's pages. */
  archive: Pick<ArchiveRepository, 'readPages'>;
  ingest: Pick<IngestService, 'ingestEpisodePages'>;
  clock: ClockRepository;
  randomId: () => string;
  /** Source of scramble seeds (CryptoRepository.randomU32). */
  randomU32: () => number;
  log?: { error: (object: unknown, message: string) => void };
}

export interface ChapterUploadOptions {
  maxBytes: number;
  timeZone: string;
  /** How long a finished upload's answer is kept for the page that polls it. */
  keepMs?: number;
}

export interface ChapterUploadInput {
  titleId: number;
  nameEn: string;
  nameJa: string;
  body: AsyncIterable<Uint8Array> | NodeJS.ReadableStream;
  /** The request's Content-Length, when sent: refused at once when over the limit. */
  contentLength: number | undefined;
}

interface Job {
  upload: EditorUpload;
  finishedAt: number | undefined;
  /** Settles when processing ends (tests and shutdown wait on it). */
  settled: Promise<void>;
}

/** Error types whose messages are written for the editor (they name the file at fault). */
const EDITOR_FACING_ERRORS = new Set(['IngestError', 'ArchiveError']);

export class ChapterUploadService {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly deps: ChapterUploadDeps,
    private readonly options: ChapterUploadOptions,
  ) {}

  /** POST /ops/catalogue/episode/upload: stores the body, starts processing, answers with its progress. */
  async startUpload(auth: RequestAuth, input: ChapterUploadInput): Promise<{ upload: EditorUpload }> {
    const editor = await this.deps.access(auth);
    const { maxBytes } = this.options;
    if (input.contentLength !== undefined && input.contentLength > maxBytes) throw tooLarge(maxBytes);
    if (!(await this.deps.titles.hasTitle(input.titleId))) throw new DomainError(ResponseCode.TitleNotFound);
    let file: string;
    try {
      file = (await this.deps.spool.spool(input.body, maxBytes, '.cbz')).path;
    } catch (error) {
      if ((error as Error).name === 'UploadTooLargeError') throw tooLarge(maxBytes);
      throw error;
    }
    this.forgetOld();
    const upload: EditorUpload = {
      upload_id: this.deps.randomId(),
      title_id: input.titleId,
      state: EditorUploadState.Processing,
      stage: 'decode',
      done: 0,
      total: 0,
      episode_id: 0,
      error_message: '',
    };
    const job: Job = { upload, finishedAt: undefined, settled: Promise.resolve() };
    job.settled = this.process(job, editor, input, file);
    this.jobs.set(upload.upload_id, job);
    return { upload: { ...upload } };
  }

  /** GET /ops/catalogue/episode/upload/status */
  async getUpload(auth: RequestAuth, uploadId: string): Promise<{ upload: EditorUpload }> {
    await this.deps.access(auth);
    const job = this.jobs.get(uploadId);
    if (!job) throw new DomainError(ResponseCode.InvalidParameter, `No upload has the id ${uploadId}`, 404);
    return { upload: { ...job.upload } };
  }

  /** Resolves once every upload started so far has finished processing. */
  async idle(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((job) => job.settled));
  }

  private async process(job: Job, editor: AuthUser, input: ChapterUploadInput, file: string): Promise<void> {
    const { upload } = job;
    try {
      const result = await this.importChapter(file, input, upload, (episode) => ({
        actor_user_id: editor.userId,
        action: AuditAction.EpisodeUpload,
        target_type: AuditTarget.Episode,
        target_id: episode.id,
        detail: JSON.stringify({ before: null, after: this.audited(episode) }),
        created_at: this.deps.clock.now(),
      }));
      Object.assign(upload, { state: EditorUploadState.Done, episode_id: result.episodeId });
    } catch (error) {
      const name = (error as Error).name;
      if (!EDITOR_FACING_ERRORS.has(name)) this.deps.log?.error({ err: error }, 'Chapter upload failed');
      Object.assign(upload, {
        state: EditorUploadState.Failed,
        error_message: EDITOR_FACING_ERRORS.has(name) ? (error as Error).message : 'The chapter could not be stored',
      });
    } finally {
      job.finishedAt = this.deps.clock.now();
      await this.deps.spool.remove(file).catch(() => {});
    }
  }

  /** Imports the spooled file as a new, unscheduled chapter at the end of the title; progress goes to `upload`. */
  private async importChapter(
    file: string,
    input: ChapterUploadInput,
    upload: EditorUpload,
    auditOf: (episode: NewEpisode) => NewAuditLog,
  ): Promise<IngestedEpisode> {
    const { titleId } = input;
    const episodeId = await this.deps.titles.nextEpisodeId();
    const pages = await this.deps.archive.readPages(file);
    const now = this.deps.clock.now();
    const sortIndex = await this.deps.titles.nextSortIndex(titleId);
    const nameEn = input.nameEn.trim() || undefined;
    const seed32 = randomScrambleSeed(this.deps.randomU32);
    const episode = importedEpisodeRow({
      id: episodeId,
      titleId,
      sortIndex,
      nameEn,
      nameJa: input.nameJa.trim() || nameEn,
      point: 0,
      startAt: UNPUBLISHED_AT,
      seed32,
      now,
    });
    return this.deps.ingest.ingestEpisodePages({
      titleId,
      episodeId,
      seed32,
      pages,
      episode,
      onProgress: (progress) => Object.assign(upload, progress),
      auditOf,
    });
  }

  private audited(episode: NewEpisode) {
    return {
      title_id: episode.title_id,
      name_en: episode.name_en,
      name_ja: episode.name_ja,
      page_count: episode.page_count,
      point: episode.point,
      start_time: formatWireDateTime(new Date(episode.start_at), this.options.timeZone),
    };
  }

  private forgetOld(): void {
    const before = this.deps.clock.now() - (this.options.keepMs ?? 3_600_000);
    for (const [id, job] of this.jobs)
      if (job.finishedAt !== undefined && job.finishedAt < before) this.jobs.delete(id);
  }
}

function tooLarge(maxBytes: number): DomainError {
  const megabytes = Math.floor(maxBytes / (1024 * 1024));
  return new DomainError(ResponseCode.InvalidParameter, `The upload is larger than the limit of ${megabytes} MB`, 413);
}
