// Chapter uploads from the console (issue 26, ADR 061): the .cbz is spooled to a temporary file as it
// arrives, then goes through the same IngestService pipeline as `npm run import` (one owner of decoding,
// normalising, scrambling and storing; all or nothing). The new chapter, with the next free id at the
// end of its title, is unscheduled until an editor gives it a release time. Progress is kept in this
// process's memory and written through (throttled) to the database, so that the console's polls may
// reach any API process behind a balancer; a row no process has moved for a while was interrupted.
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
import type { ChapterUploadRepository, ChapterUploadRow } from '#src/repositories/chapter-upload.repository.ts';
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
  /** The progress rows every process reads. */
  progress: Pick<ChapterUploadRepository, 'insertUpload' | 'updateUpload' | 'findUpload' | 'deleteFinishedBefore'>;
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
  /** Least time between two progress writes of one upload (stage changes and the end are always written). */
  progressWriteMs?: number;
  /** A processing upload whose row has not moved for this long was interrupted (its process stopped). */
  staleMs?: number;
}

const DEFAULT_KEEP_MS = 3_600_000;
const DEFAULT_PROGRESS_WRITE_MS = 500;
const DEFAULT_STALE_MS = 300_000;
export const INTERRUPTED_UPLOAD_MESSAGE =
  'The upload was interrupted: the server processing it stopped. Upload the chapter again.';

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
  /** The progress writes in order, and when and at which stage the last one was made. */
  writing: Promise<void>;
  writtenAt: number;
  writtenStage: EditorUpload['stage'];
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
    await this.forgetOld();
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
    const now = this.deps.clock.now();
    try {
      await this.deps.progress.insertUpload({
        ...progressColumns(upload),
        id: upload.upload_id,
        title_id: upload.title_id,
        editor_user_id: editor.userId,
        updated_at: now,
        finished_at: null,
      });
    } catch (error) {
      await this.deps.spool.remove(file).catch(() => {});
      throw error;
    }
    const job: Job = {
      upload,
      finishedAt: undefined,
      settled: Promise.resolve(),
      writing: Promise.resolve(),
      writtenAt: now,
      writtenStage: upload.stage,
    };
    job.settled = this.process(job, editor, input, file);
    this.jobs.set(upload.upload_id, job);
    return { upload: { ...upload } };
  }

  /** GET /ops/catalogue/episode/upload/status */
  async getUpload(auth: RequestAuth, uploadId: string): Promise<{ upload: EditorUpload }> {
    await this.deps.access(auth);
    const job = this.jobs.get(uploadId);
    if (job) return { upload: { ...job.upload } };
    // Another process received it (or this one was restarted): its row says how far it got.
    const row = await this.deps.progress.findUpload(uploadId);
    if (!row) throw new DomainError(ResponseCode.InvalidParameter, `No upload has the id ${uploadId}`, 404);
    const upload = uploadOf(row);
    const staleMs = this.options.staleMs ?? DEFAULT_STALE_MS;
    if (upload.state === EditorUploadState.Processing && this.deps.clock.now() - row.updated_at > staleMs) {
      return { upload: { ...upload, state: EditorUploadState.Failed, error_message: INTERRUPTED_UPLOAD_MESSAGE } };
    }
    return { upload };
  }

  /** Resolves once every upload started so far has finished processing. */
  async idle(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((job) => job.settled));
  }

  private async process(job: Job, editor: AuthUser, input: ChapterUploadInput, file: string): Promise<void> {
    const { upload } = job;
    try {
      const result = await this.importChapter(file, input, job, (episode) => ({
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
      await this.writeProgress(job, job.finishedAt);
    }
  }

  /** Writes the upload's progress after the writes before it; never throws (the poller retries). */
  private writeProgress(job: Job, finishedAt: number | null = null): Promise<void> {
    const now = this.deps.clock.now();
    const change = { ...progressColumns(job.upload), updated_at: now, finished_at: finishedAt };
    job.writtenAt = now;
    job.writtenStage = job.upload.stage;
    job.writing = job.writing
      .then(() => this.deps.progress.updateUpload(job.upload.upload_id, change))
      .catch((error) => this.deps.log?.error({ err: error }, 'Chapter upload progress could not be saved'));
    return job.writing;
  }

  private progressed(job: Job): void {
    const due = this.deps.clock.now() - job.writtenAt >= (this.options.progressWriteMs ?? DEFAULT_PROGRESS_WRITE_MS);
    if (due || job.upload.stage !== job.writtenStage) void this.writeProgress(job);
  }

  /** Imports the spooled file as a new, unscheduled chapter at the end of the title; progress goes to `upload`. */
  private async importChapter(
    file: string,
    input: ChapterUploadInput,
    job: Job,
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
      onProgress: (progress) => {
        Object.assign(job.upload, progress);
        this.progressed(job);
      },
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

  private async forgetOld(): Promise<void> {
    const before = this.deps.clock.now() - (this.options.keepMs ?? DEFAULT_KEEP_MS);
    for (const [id, job] of this.jobs)
      if (job.finishedAt !== undefined && job.finishedAt < before) this.jobs.delete(id);
    await this.deps.progress.deleteFinishedBefore(before);
  }
}

function progressColumns(upload: EditorUpload) {
  const { state, stage, done, total, episode_id, error_message } = upload;
  return { state, stage, done, total, episode_id, error_message };
}

function uploadOf(row: ChapterUploadRow): EditorUpload {
  return {
    upload_id: row.id,
    title_id: row.title_id,
    state: row.state as EditorUpload['state'],
    stage: row.stage as EditorUpload['stage'],
    done: row.done,
    total: row.total,
    episode_id: row.episode_id,
    error_message: row.error_message,
  };
}

function tooLarge(maxBytes: number): DomainError {
  const megabytes = Math.floor(maxBytes / (1024 * 1024));
  return new DomainError(ResponseCode.InvalidParameter, `The upload is larger than the limit of ${megabytes} MB`, 413);
}
