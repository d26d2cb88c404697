// The editors' catalogue (issue 26, ADR 046): titles created, edited, published and given art from the
// console. Every change is written with its audit-log row (who, what, before, after) in one transaction.
// Who may call is one function, `deps.access`, so that the staff roles' editor permission replaces the
// operator check in one place; to anyone else the calls answer as an unknown path (1002).
import {
  AuditAction,
  AuditTarget,
  buildSearchText,
  type EditorEpisode,
  type EditorTitle,
  type EditorTitleFields,
  type EditorTitleListQuery,
  EditorTitleStatus,
  formatWireDateTime,
  normalizeSearchText,
  PublishCategory,
  ResponseCode,
  TITLE_ART_MEDIA_TYPES,
} from '@manga/contracts';
import type { EpisodeRow, NewAuditLog, TitleRow, TitleTable } from '#src/db/schema.ts';
import {
  editorReleaseTime,
  toEditorEpisodeResponse,
  toEditorTitleFields,
  toEditorTitleResponse,
} from '#src/mappers/catalogue-editor.mapper.ts';
import type { MediaUrls } from '#src/mappers/render-context.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { ImageProcessorRepository, ImageRegion } from '#src/repositories/image-processor.repository.ts';
import type { StorageRepository } from '#src/repositories/storage.repository.ts';
import type {
  EditorTitleRecord,
  TitleEditorRepository,
  TitleEditorTransactionRepository,
} from '#src/repositories/title-editor.repository.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { isEpisodeReleased, isTitlePublished, UNPUBLISHED_AT } from '#src/rules/entitlement.rules.ts';
import { MAX_PERSONAL_ITEMS_PER_PAGE, pageOf } from '#src/rules/paging.rules.ts';
import { TITLE_TICKET_DEFAULTS } from '#src/rules/title-ticket.rules.ts';
import { parseWireDateTime, weeklyReleases } from '#src/rules/wire-calendar.rules.ts';
import { type IngestService, TITLE_ID_RANGE, type TitleArtPaths } from '#src/services/ingest.service.ts';

type Updateable = Partial<{ [K in keyof TitleTable]: TitleRow[K] }>;

export interface CatalogueEditorDeps {
  /** The one access check of the editors' calls: the caller, or 1002 (ADR 046). */
  access: (auth: RequestAuth) => Promise<AuthUser>;
  titles: Pick<
    TitleEditorRepository,
    | 'listEditorTitleIds'
    | 'listEditorTitles'
    | 'listGenres'
    | 'listMagazineCategories'
    | 'listTitleEpisodes'
    | 'listScheduledEpisodes'
  >;
  transactions: Pick<TitleEditorTransactionRepository, 'run'>;
  ingest: Pick<IngestService, 'ingestTitleArt'>;
  images: Pick<ImageProcessorRepository, 'probe'>;
  storage: Pick<StorageRepository, 'delete'>;
  clock: ClockRepository;
  urls: MediaUrls;
  randomU32: () => number;
}

/** A chapter's price and access as an editor sets them (times in the wire time zone). */
export interface EpisodeAccessInput {
  episodeId: number;
  point: number;
  startTime: string;
  freeUntilTime: string;
  ticketRental: boolean;
  singleSale: boolean;
}

const invalid = (message: string) => new DomainError(ResponseCode.InvalidParameter, message);
const titleNotFound = () => new DomainError(ResponseCode.TitleNotFound);

export class CatalogueEditorService {
  constructor(
    private readonly deps: CatalogueEditorDeps,
    private readonly options: { timeZone: string },
  ) {}

  /** The editor, or 1002 for anyone else. */
  requireEditor(auth: RequestAuth): Promise<AuthUser> {
    return this.deps.access(auth);
  }

  /** GET /ops/catalogue/vocabulary */
  async getVocabulary(auth: RequestAuth) {
    await this.requireEditor(auth);
    const [genres, magazines] = await Promise.all([
      this.deps.titles.listGenres(),
      this.deps.titles.listMagazineCategories(),
    ]);
    return { genre_list: genres, magazine_category_list: magazines };
  }

  /** GET /ops/catalogue/title/list */
  async listTitles(
    auth: RequestAuth,
    query: { q?: string; status?: EditorTitleListQuery['status']; genre_id?: number; limit?: number; offset?: number },
  ) {
    await this.requireEditor(auth);
    const now = this.deps.clock.now();
    const { limit, offset } = pageOf(query, MAX_PERSONAL_ITEMS_PER_PAGE);
    const q = query.q?.trim() ?? '';
    const searchText = q ? normalizeSearchText(q) : undefined;
    const titleId = /^\d{1,9}$/.test(q) ? Number(q) : undefined;
    const status = query.status ?? EditorTitleStatus.All;
    const { ids, total } = await this.deps.titles.listEditorTitleIds(
      {
        searchText: searchText || undefined,
        titleId,
        published: status === EditorTitleStatus.All ? undefined : status === EditorTitleStatus.Published,
        genreId: query.genre_id,
        now,
      },
      limit,
      offset,
    );
    const records = await this.deps.titles.listEditorTitles(ids);
    return {
      title_list: records.map((record) => this.render(record, now)),
      total,
      has_next: offset + ids.length < total ? 1 : 0,
    };
  }

  /** GET /ops/catalogue/title */
  async getTitle(auth: RequestAuth, titleId: number): Promise<{ title: EditorTitle }> {
    await this.requireEditor(auth);
    const record = await this.findRecord(this.deps.titles, titleId);
    return { title: this.render(record, this.deps.clock.now()) };
  }

  /** POST /ops/catalogue/title/create: a new title with the next free id, unpublished. */
  async createTitle(auth: RequestAuth, fields: EditorTitleFields): Promise<{ title: EditorTitle }> {
    const editor = await this.requireEditor(auth);
    const now = this.deps.clock.now();
    const record = await this.deps.transactions.run(async (titles) => {
      await this.checkReferences(titles, fields);
      const highest = await titles.findHighestTitleId();
      const titleId = Math.max((highest ?? TITLE_ID_RANGE.min - 1) + 1, TITLE_ID_RANGE.min);
      if (titleId > TITLE_ID_RANGE.max) throw invalid('Every five-digit title id is in use');
      await titles.createTitle({
        id: titleId,
        ...this.columnsOf(fields),
        publish_category: PublishCategory.Serializing,
        free_first_count: 1,
        ticket_enabled: 1,
        ...TITLE_TICKET_DEFAULTS,
        ticket_version: 1,
        free_until_at: null,
        published_at: UNPUBLISHED_AT,
        created_at: now,
        updated_at: now,
      });
      await this.writeRelations(titles, titleId, fields);
      const created = await this.findRecord(titles, titleId);
      await titles.insertAuditLog(
        audit(editor, AuditAction.TitleCreate, titleId, now, { before: null, after: toEditorTitleFields(created) }),
      );
      return created;
    });
    return { title: this.render(record, now) };
  }

  /** POST /ops/catalogue/title/update: every field as the form sent it. */
  async updateTitle(auth: RequestAuth, titleId: number, fields: EditorTitleFields): Promise<{ title: EditorTitle }> {
    const editor = await this.requireEditor(auth);
    const now = this.deps.clock.now();
    const record = await this.deps.transactions.run(async (titles) => {
      const before = await this.findRecord(titles, titleId);
      await this.checkReferences(titles, fields);
      await titles.updateTitle(titleId, { ...this.columnsOf(fields), updated_at: now });
      await this.writeRelations(titles, titleId, fields);
      if (before.title.viewing_direction !== fields.reading_direction) {
        await titles.updateEpisodeViewingDirection(titleId, fields.reading_direction);
      }
      const after = await this.findRecord(titles, titleId);
      const change = changedFields(toEditorTitleFields(before), toEditorTitleFields(after));
      if (change) await titles.insertAuditLog(audit(editor, AuditAction.TitleUpdate, titleId, now, change));
      return after;
    });
    return { title: this.render(record, now) };
  }

  /** POST /ops/catalogue/title/publish: readers see it from now on, or no longer. */
  async setPublished(auth: RequestAuth, titleId: number, published: boolean): Promise<{ title: EditorTitle }> {
    const editor = await this.requireEditor(auth);
    const now = this.deps.clock.now();
    const record = await this.deps.transactions.run(async (titles) => {
      const before = await this.findRecord(titles, titleId);
      if (isTitlePublished(before.title, now) === published) return before;
      const publishedAt = published ? now : UNPUBLISHED_AT;
      await titles.updateTitle(titleId, { published_at: publishedAt, updated_at: now });
      const action = published ? AuditAction.TitlePublish : AuditAction.TitleUnpublish;
      await titles.insertAuditLog(
        audit(editor, action, titleId, now, { before: { published: !published }, after: { published } }),
      );
      return this.findRecord(titles, titleId);
    });
    return { title: this.render(record, now) };
  }

  /**
   * POST /ops/catalogue/title/art: the uploaded image, cut to `crop` when given, becomes every size of
   * the title's art. New objects are written under a new version first; the rows then point to them in
   * the audited transaction; the old objects go after the commit (and the new ones when it fails).
   */
  async replaceTitleArt(
    auth: RequestAuth,
    titleId: number,
    upload: { bytes: Uint8Array; mediaType: string; crop?: Partial<ImageRegion> },
  ): Promise<{ title: EditorTitle }> {
    const editor = await this.requireEditor(auth);
    if (!(TITLE_ART_MEDIA_TYPES as readonly string[]).includes(upload.mediaType)) {
      throw invalid(`Cover art must be one of ${TITLE_ART_MEDIA_TYPES.join(', ')}`);
    }
    await this.findRecord(this.deps.titles, titleId);
    let info: { width: number; height: number };
    try {
      info = await this.deps.images.probe(upload.bytes);
    } catch {
      throw invalid('The uploaded file is not an image that can be read');
    }
    const region = cropRegion(upload.crop, info);
    const version = (this.deps.randomU32() >>> 0).toString(16).padStart(8, '0');
    const written: string[] = [];
    const now = this.deps.clock.now();
    try {
      let paths: TitleArtPaths;
      try {
        paths = await this.deps.ingest.ingestTitleArt(titleId, { thumbnail: upload.bytes }, written, {
          region,
          version,
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'invalid_page') throw invalid((error as Error).message);
        throw error;
      }
      const { before, after } = await this.deps.transactions.run(async (titles) => {
        const current = await this.findRecord(titles, titleId);
        await titles.updateTitle(titleId, { ...paths, updated_at: now });
        const detail = { before: artPathsOf(current.title), after: paths, crop: region ?? null };
        await titles.insertAuditLog(audit(editor, AuditAction.TitleArt, titleId, now, detail));
        return { before: current, after: await this.findRecord(titles, titleId) };
      });
      await this.deleteQuietly(Object.values(artPathsOf(before.title)).filter((key) => key && !written.includes(key)));
      return { title: this.render(after, now) };
    } catch (error) {
      await this.deleteQuietly(written);
      throw error;
    }
  }

  /** GET /ops/catalogue/episode/list: the title's chapters in reading order. */
  async listEpisodes(auth: RequestAuth, titleId: number): Promise<{ episode_list: EditorEpisode[] }> {
    await this.requireEditor(auth);
    await this.findRecord(this.deps.titles, titleId);
    const now = this.deps.clock.now();
    const rows = await this.deps.titles.listTitleEpisodes(titleId);
    return { episode_list: rows.map((row) => this.renderEpisode(row, now)) };
  }

  /**
   * POST /ops/catalogue/episode/update: price and access of a chapter. A release time may not be moved
   * into the past (a chapter already out keeps its own); a free window ends after it starts.
   */
  async updateEpisode(auth: RequestAuth, input: EpisodeAccessInput): Promise<{ episode: EditorEpisode }> {
    const editor = await this.requireEditor(auth);
    const now = this.deps.clock.now();
    const { timeZone } = this.options;
    const startAt = input.startTime ? parseWireDateTime(input.startTime, timeZone) : UNPUBLISHED_AT;
    const freeUntilAt = input.freeUntilTime ? parseWireDateTime(input.freeUntilTime, timeZone) : null;
    const row = await this.deps.transactions.run(async (titles) => {
      const before = await titles.findEpisode(input.episodeId);
      if (!before) throw new DomainError(ResponseCode.EpisodeNotFound);
      if (startAt !== before.start_at && startAt <= now) {
        throw invalid(`The release time ${input.startTime} has already passed`);
      }
      if (freeUntilAt !== null && (freeUntilAt <= startAt || startAt === UNPUBLISHED_AT)) {
        throw invalid('A free window must end after the release time');
      }
      const changes = {
        point: input.point,
        start_at: startAt,
        free_until_at: freeUntilAt,
        ticket_rental_enabled: input.ticketRental ? 1 : 0,
        single_sale_enabled: input.singleSale ? 1 : 0,
      } as const;
      await titles.updateEpisode(input.episodeId, { ...changes, updated_at: now });
      const after = (await titles.findEpisode(input.episodeId))!;
      const change = changedFields(episodeAudited(before, timeZone), episodeAudited(after, timeZone));
      if (change) {
        await titles.insertAuditLog({
          ...audit(editor, AuditAction.EpisodeUpdate, input.episodeId, now, change),
          target_type: AuditTarget.Episode,
        });
      }
      return after;
    });
    return { episode: this.renderEpisode(row, now) };
  }

  /**
   * POST /ops/catalogue/episode/schedule: the title's next `count` unscheduled chapters in reading order
   * get one release a week, on `weekday` at `time` (wire time zone), from the first such moment after
   * now. Each change is audited like a single one; fewer unscheduled chapters than `count` are all placed.
   */
  async scheduleEpisodes(
    auth: RequestAuth,
    input: { titleId: number; weekday: number; time: string; count: number },
  ): Promise<{ episode_list: EditorEpisode[] }> {
    const editor = await this.requireEditor(auth);
    const now = this.deps.clock.now();
    const { timeZone } = this.options;
    const rows = await this.deps.transactions.run(async (titles) => {
      await this.findRecord(titles, input.titleId);
      const unscheduled = (await titles.listTitleEpisodes(input.titleId)).filter(
        (row) => row.start_at >= UNPUBLISHED_AT,
      );
      if (unscheduled.length === 0) throw invalid('This title has no unscheduled chapter');
      const releases = weeklyReleases(
        now,
        input.weekday,
        input.time,
        Math.min(input.count, unscheduled.length),
        timeZone,
      );
      const changed: EpisodeRow[] = [];
      for (const [index, startAt] of releases.entries()) {
        const before = unscheduled[index]!;
        await titles.updateEpisode(before.id, { start_at: startAt, updated_at: now });
        const after = (await titles.findEpisode(before.id))!;
        const change = changedFields(episodeAudited(before, timeZone), episodeAudited(after, timeZone));
        if (change) {
          await titles.insertAuditLog({
            ...audit(editor, AuditAction.EpisodeUpdate, before.id, now, { ...change, bulk: true }),
            target_type: AuditTarget.Episode,
          });
        }
        changed.push(after);
      }
      return changed;
    });
    return { episode_list: rows.map((row) => this.renderEpisode(row, now)) };
  }

  /** GET /ops/catalogue/schedule: every title's chapters due from now to `days` ahead, soonest first. */
  async getSchedule(auth: RequestAuth, days = 28) {
    await this.requireEditor(auth);
    const now = this.deps.clock.now();
    const rows = await this.deps.titles.listScheduledEpisodes(now, now + days * 86_400_000, 500);
    return {
      schedule_list: rows.map(({ title_name_en, title_name_ja, ...row }) => ({
        ...this.renderEpisode(row, now),
        title_name_en,
        title_name_ja,
      })),
    };
  }

  private renderEpisode(row: EpisodeRow, now: number): EditorEpisode {
    return toEditorEpisodeResponse(row, {
      released: isEpisodeReleased(row, now),
      timeZone: this.options.timeZone,
      unscheduledAt: UNPUBLISHED_AT,
    });
  }

  private render(record: EditorTitleRecord, now: number): EditorTitle {
    const published = isTitlePublished(record.title, now);
    return toEditorTitleResponse(record, { published, urls: this.deps.urls, timeZone: this.options.timeZone });
  }

  private async findRecord(titles: Pick<TitleEditorRepository, 'listEditorTitles'>, titleId: number) {
    const [record] = await titles.listEditorTitles([titleId]);
    if (!record) throw titleNotFound();
    return record;
  }

  /** Genres and the magazine must exist: refused before anything is written. */
  private async checkReferences(titles: TitleEditorRepository, fields: EditorTitleFields): Promise<void> {
    const wanted = [...new Set(fields.genre_ids)];
    const existing = await titles.listExistingGenreIds(wanted);
    const unknown = wanted.filter((id) => !existing.includes(id));
    if (unknown.length > 0) throw invalid(`No genre has the id ${unknown.join(', ')}`);
    if (fields.magazine_category_id !== null && !(await titles.hasMagazineCategory(fields.magazine_category_id))) {
      throw invalid(`No magazine has the id ${fields.magazine_category_id}`);
    }
  }

  private columnsOf(fields: EditorTitleFields) {
    const tags = uniqueTags(fields.tags);
    return {
      name_en: fields.name_en,
      name_ja: fields.name_ja,
      author_text_en: fields.author_en,
      author_text_ja: fields.author_ja,
      introduction_en: fields.description_en,
      introduction_ja: fields.description_ja,
      search_text: buildSearchText([fields.name_en, fields.name_ja, fields.author_en, fields.author_ja, ...tags]),
      magazine_category_id: fields.magazine_category_id,
      age_rating: fields.age_rating,
      viewing_direction: fields.reading_direction,
      weekday_index: fields.weekday_index,
    } satisfies Updateable;
  }

  private async writeRelations(titles: TitleEditorRepository, titleId: number, fields: EditorTitleFields) {
    await titles.replaceTitleGenres(titleId, [...new Set(fields.genre_ids)]);
    await titles.replaceTitleTags(titleId, uniqueTags(fields.tags));
    const hasAuthor = fields.author_en || fields.author_ja;
    await titles.replaceTitleAuthor(
      titleId,
      hasAuthor
        ? { name_en: fields.author_en || fields.author_ja, name_ja: fields.author_ja || fields.author_en }
        : undefined,
    );
  }

  private async deleteQuietly(keys: readonly string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.deps.storage.delete(key)));
  }
}

function uniqueTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
}

/** A crop given in full, inside the image; none when no side is given. */
function cropRegion(
  crop: Partial<ImageRegion> | undefined,
  image: { width: number; height: number },
): ImageRegion | undefined {
  const { left, top, width, height } = crop ?? {};
  if (left === undefined && top === undefined && width === undefined && height === undefined) return undefined;
  if (left === undefined || top === undefined || width === undefined || height === undefined) {
    throw invalid('A crop needs crop_left, crop_top, crop_width and crop_height');
  }
  if (width < 1 || height < 1 || left + width > image.width || top + height > image.height) {
    throw invalid(`The crop must lie inside the ${image.width}×${image.height} image`);
  }
  return { left, top, width, height };
}

function artPathsOf(title: TitleRow): TitleArtPaths {
  return {
    thumbnail_path: title.thumbnail_path,
    thumbnail_rect_path: title.thumbnail_rect_path,
    banner_path: title.banner_path,
    feature_path: title.feature_path,
  };
}

function episodeAudited(row: EpisodeRow, timeZone: string): Record<string, unknown> {
  const time = (at: number | null) => (at === null ? null : formatWireDateTime(new Date(at), timeZone));
  return {
    point: row.point,
    start_time: editorReleaseTime(row.start_at, { timeZone, unscheduledAt: UNPUBLISHED_AT }) || null,
    free_until_time: time(row.free_until_at),
    ticket_rental: row.ticket_rental_enabled === 1,
    single_sale: row.single_sale_enabled === 1,
  };
}

/** Only what changed, before and after; undefined when nothing did. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (keys.length === 0) return undefined;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

function audit(editor: AuthUser, action: AuditAction, titleId: number, now: number, detail: object): NewAuditLog {
  return {
    actor_user_id: editor.userId,
    action,
    target_type: AuditTarget.Title,
    target_id: titleId,
    detail: JSON.stringify(detail),
    created_at: now,
  };
}
