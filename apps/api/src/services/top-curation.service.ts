// Top page curation (issue 26, ADR 074): the editors' picks for today's choice (titles) and the bonus
// section (chapters), the top-page banners, the titles' campaign texts, each with an optional window
// in the wire time zone, and the rankings rebuilt on demand. Every change is written with its audit
// row (who, what, before, after) in one transaction; the catalogue revision's triggers (ADR 020) make
// the top page show it on the next request. Who may call is `deps.access` (admin and editor; 1002 to
// anyone else, before any parameter is looked at).
import {
  AdvertisementType,
  AuditAction,
  AuditTarget,
  formatWireDateTime,
  type Locale,
  RankingId,
  ResponseCode,
  TITLE_ART_MEDIA_TYPES,
  TOP_PICK_MAX_COUNT,
  type TopBanner,
  type TopCampaign,
  type TopPick,
  TopPickKind,
  type TopRuleItem,
} from '@manga/contracts';
import type { AdvertisementRow, EpisodeRow, NewAuditLog, TopPickRow } from '#src/db/schema.ts';
import { localizedName, type MediaUrls } from '#src/mappers/render-context.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { ImageProcessorRepository } from '#src/repositories/image-processor.repository.ts';
import type { StorageRepository } from '#src/repositories/storage.repository.ts';
import type {
  CampaignRecord,
  TopCurationRepository,
  TopCurationTransactionRepository,
} from '#src/repositories/top-curation.repository.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { isTitlePublished } from '#src/rules/entitlement.rules.ts';
import { parseWireDateTime } from '#src/rules/wire-calendar.rules.ts';
import type { IngestService } from '#src/services/ingest.service.ts';
import type { JobOutcome } from '#src/services/job-scheduler.service.ts';

export interface TopCurationDeps {
  access: (auth: RequestAuth) => Promise<AuthUser>;
  store: Pick<
    TopCurationRepository,
    'listPicks' | 'listAdvertisements' | 'listCampaignTitles' | 'listTitles' | 'listEpisodes'
  >;
  transactions: Pick<TopCurationTransactionRepository, 'run'>;
  /** What the rules choose when no pick is active. */
  rules: {
    listTopTitleIds(rankingId: number, limit: number): Promise<number[]>;
    listBonusEpisodes(now: number, limit: number): Promise<EpisodeRow[]>;
  };
  rankings: {
    handleRebuildRankings(): Promise<JobOutcome>;
    findLatestComputedAt(): Promise<number | undefined>;
  };
  ingest: Pick<IngestService, 'ingestBannerImage'>;
  images: Pick<ImageProcessorRepository, 'probe'>;
  storage: Pick<StorageRepository, 'delete'>;
  clock: ClockRepository;
  urls: MediaUrls;
  randomU32: () => number;
}

/** A time window as the console sends it: '' is no bound. */
export interface WindowInput {
  startTime: string;
  endTime: string;
}

export interface BannerInput extends WindowInput {
  advertisementId?: number;
  linkUrl: string;
  altText: string;
  altTextJa: string;
  position: number;
}

export interface CampaignInput extends WindowInput {
  titleId: number;
  text: string;
  textJa: string;
}

const RULE_LIST_SIZE = 10;
const BONUS_EPISODES_READ = 200;

const invalid = (message: string) => new DomainError(ResponseCode.InvalidParameter, message);

/** True while `now` is inside [start, end) (a missing bound is open). */
export function isInWindow(window: { start: number | null; end: number | null }, now: number): boolean {
  return (window.start === null || window.start <= now) && (window.end === null || now < window.end);
}

export class TopCurationService {
  constructor(
    private readonly deps: TopCurationDeps,
    private readonly options: { timeZone: string },
  ) {}

  /** GET /ops/catalogue/top */
  /** Names in the editor's interface language (`locale`). */
  async getCuration(auth: RequestAuth, locale: Locale = 'en') {
    await this.deps.access(auth);
    const now = this.deps.clock.now();
    const [picks, ruleTitleIds, ruleBonus, banners, campaigns, rebuiltAt] = await Promise.all([
      this.deps.store.listPicks(),
      this.deps.rules.listTopTitleIds(RankingId.TodaysSpecials, RULE_LIST_SIZE),
      this.deps.rules.listBonusEpisodes(now, BONUS_EPISODES_READ),
      this.deps.store.listAdvertisements(AdvertisementType.Banner),
      this.deps.store.listCampaignTitles(),
      this.deps.rankings.findLatestComputedAt(),
    ]);
    const bonusRule = onePerTitle(ruleBonus, RULE_LIST_SIZE);
    const episodes = await this.deps.store.listEpisodes(
      picks.filter((p) => p.kind === TopPickKind.Bonus).map((p) => p.target_id),
    );
    const titles = await this.deps.store.listTitles([
      ...picks.filter((p) => p.kind === TopPickKind.TodayChoice).map((p) => p.target_id),
      ...episodes.map((e) => e.title_id),
      ...ruleTitleIds,
      ...bonusRule.map((e) => e.title_id),
    ]);
    const titleName = new Map(titles.map((t) => [t.id, localizedName(t, locale)]));
    const episodeById = new Map(episodes.map((e) => [e.id, e]));
    const episodeLabel = (episode: EpisodeRow | undefined) =>
      episode ? `${titleName.get(episode.title_id) ?? `#${episode.title_id}`} – ${localizedName(episode, locale)}` : '';
    const pickLabel = (pick: TopPickRow) =>
      pick.kind === TopPickKind.TodayChoice
        ? (titleName.get(pick.target_id) ?? `#${pick.target_id}`)
        : episodeLabel(episodeById.get(pick.target_id)) || `#${pick.target_id}`;
    return {
      pick_list: picks.map((pick) => this.renderPick(pick, pickLabel(pick), now)),
      today_choice_rule_list: ruleTitleIds
        .filter((id) => titleName.has(id))
        .map((id): TopRuleItem => ({ target_id: id, label: titleName.get(id)! })),
      bonus_rule_list: bonusRule.map((e): TopRuleItem => ({ target_id: e.id, label: episodeLabel(e) })),
      banner_list: banners.map((row) => this.renderBanner(row, now)),
      campaign_list: campaigns.map((record) => this.renderCampaign(record, now, locale)),
      rankings_rebuilt_time: this.formatTime(rebuiltAt ?? null),
      time_zone: this.options.timeZone,
    };
  }

  /** POST /ops/catalogue/top/pick/add: a title (today's choice) or chapter (bonus) added last. */
  async addPick(auth: RequestAuth, input: WindowInput & { kind: TopPickKind; targetId: number }) {
    const editor = await this.deps.access(auth);
    const now = this.deps.clock.now();
    const window = this.parseWindow(input);
    return this.deps.transactions.run(async (store) => {
      const picks = (await store.listPicks()).filter((p) => p.kind === input.kind);
      if (picks.length >= TOP_PICK_MAX_COUNT) throw invalid(`At most ${TOP_PICK_MAX_COUNT} picks of a kind`);
      if (input.kind === TopPickKind.TodayChoice) {
        const [title] = await store.listTitles([input.targetId]);
        if (!title || !isTitlePublished(title, now)) throw invalid(`No published title ${input.targetId}`);
      } else {
        const [episode] = await store.listEpisodes([input.targetId]);
        const [title] = episode ? await store.listTitles([episode.title_id]) : [];
        if (!episode || !title || !isTitlePublished(title, now)) throw invalid(`No chapter ${input.targetId}`);
      }
      if (picks.some((p) => p.target_id === input.targetId && sameWindow(p, window))) {
        throw invalid('That pick is already on the list with the same times');
      }
      const row = {
        kind: input.kind,
        target_id: input.targetId,
        position: (picks.at(-1)?.position ?? 0) + 1,
        start_at: window.start,
        end_at: window.end,
        created_at: now,
      };
      const id = await store.insertPick(row);
      await store.insertAuditLog(
        audit(editor, AuditAction.TopPickAdd, AuditTarget.TopPick, id, now, { before: null, after: { id, ...row } }),
      );
      return { pick_id: id };
    });
  }

  /** POST /ops/catalogue/top/pick/remove */
  async removePick(auth: RequestAuth, pickId: number) {
    const editor = await this.deps.access(auth);
    const now = this.deps.clock.now();
    return this.deps.transactions.run(async (store) => {
      const pick = await store.findPick(pickId);
      if (!pick) throw invalid(`No pick ${pickId}`);
      await store.deletePick(pickId);
      await store.insertAuditLog(
        audit(editor, AuditAction.TopPickRemove, AuditTarget.TopPick, pickId, now, { before: pick, after: null }),
      );
      return { pick_id: pickId };
    });
  }

  /** POST /ops/catalogue/top/pick/order: every pick of the kind, each once, in the new order. */
  async orderPicks(auth: RequestAuth, kind: TopPickKind, pickIds: readonly number[]) {
    const editor = await this.deps.access(auth);
    const now = this.deps.clock.now();
    return this.deps.transactions.run(async (store) => {
      const picks = (await store.listPicks()).filter((p) => p.kind === kind);
      const known = new Set(picks.map((p) => p.id));
      if (
        pickIds.length !== picks.length ||
        new Set(pickIds).size !== pickIds.length ||
        pickIds.some((id) => !known.has(id))
      ) {
        throw invalid('The list must name every pick of the kind once');
      }
      const before = picks.map((p) => p.id);
      if (before.join() !== pickIds.join()) {
        for (const [index, id] of pickIds.entries()) await store.setPickPosition(id, index + 1);
        await store.insertAuditLog(
          audit(editor, AuditAction.TopPickOrder, AuditTarget.TopPick, pickIds[0] ?? 0, now, {
            kind,
            before,
            after: [...pickIds],
          }),
        );
      }
      return { pick_id_list: [...pickIds] };
    });
  }

  /** POST /ops/catalogue/top/banner/save: a new banner (shown once it has an image) or one edited. */
  async saveBanner(auth: RequestAuth, input: BannerInput) {
    const editor = await this.deps.access(auth);
    const now = this.deps.clock.now();
    const window = this.parseWindow(input);
    if (window.start === null) throw invalid('A banner needs a start time');
    const fields = {
      link_url: input.linkUrl,
      alt_text: input.altText,
      alt_text_ja: input.altTextJa,
      name: input.altText,
      position: input.position,
      start_at: window.start,
      end_at: window.end,
    };
    return this.deps.transactions.run(async (store) => {
      if (input.advertisementId === undefined) {
        const id = await store.insertAdvertisement({ type: AdvertisementType.Banner, active: 1, ...fields });
        const after = await store.findAdvertisement(id);
        await store.insertAuditLog(
          audit(editor, AuditAction.BannerSave, AuditTarget.Advertisement, id, now, { before: null, after }),
        );
        return { advertisement_id: id };
      }
      const id = input.advertisementId;
      const before = await this.findBanner(store, id);
      await store.updateAdvertisement(id, fields);
      const after = await store.findAdvertisement(id);
      await store.insertAuditLog(
        audit(editor, AuditAction.BannerSave, AuditTarget.Advertisement, id, now, { before, after }),
      );
      return { advertisement_id: id };
    });
  }

  /** POST /ops/catalogue/top/banner/image: the image cut to the banner size and stored; the old one deleted. */
  async replaceBannerImage(
    auth: RequestAuth,
    advertisementId: number,
    upload: { bytes: Uint8Array; mediaType: string },
  ) {
    const editor = await this.deps.access(auth);
    if (!(TITLE_ART_MEDIA_TYPES as readonly string[]).includes(upload.mediaType)) {
      throw invalid(`A banner image must be one of ${TITLE_ART_MEDIA_TYPES.join(', ')}`);
    }
    await this.findBanner(this.deps.transactions, advertisementId);
    try {
      await this.deps.images.probe(upload.bytes);
    } catch {
      throw invalid('The uploaded file is not an image that can be read');
    }
    const version = (this.deps.randomU32() >>> 0).toString(16).padStart(8, '0');
    const written: string[] = [];
    const now = this.deps.clock.now();
    try {
      let key: string;
      try {
        key = await this.deps.ingest.ingestBannerImage(advertisementId, upload.bytes, written, version);
      } catch (error) {
        if ((error as { code?: string }).code === 'invalid_page') throw invalid((error as Error).message);
        throw error;
      }
      const before = await this.deps.transactions.run(async (store) => {
        const current = await this.findBanner(store, advertisementId);
        await store.updateAdvertisement(advertisementId, { image_path: key });
        await store.insertAuditLog(
          audit(editor, AuditAction.BannerImage, AuditTarget.Advertisement, advertisementId, now, {
            before: { image_path: current.image_path },
            after: { image_path: key },
          }),
        );
        return current;
      });
      if (before.image_path && before.image_path !== key) await this.deleteQuietly([before.image_path]);
      return { advertisement_id: advertisementId };
    } catch (error) {
      await this.deleteQuietly(written);
      throw error;
    }
  }

  /** POST /ops/catalogue/top/banner/delete */
  async deleteBanner(auth: RequestAuth, advertisementId: number) {
    const editor = await this.deps.access(auth);
    const now = this.deps.clock.now();
    const before = await this.deps.transactions.run(async (store) => {
      const current = await this.findBanner(store, advertisementId);
      await store.deleteAdvertisement(advertisementId);
      await store.insertAuditLog(
        audit(editor, AuditAction.BannerDelete, AuditTarget.Advertisement, advertisementId, now, {
          before: current,
          after: null,
        }),
      );
      return current;
    });
    if (before.image_path) await this.deleteQuietly([before.image_path]);
    return { advertisement_id: advertisementId };
  }

  /** POST /ops/catalogue/top/campaign: both texts and the window; empty texts clear the campaign. */
  async setCampaign(auth: RequestAuth, input: CampaignInput) {
    const editor = await this.deps.access(auth);
    const now = this.deps.clock.now();
    const window = this.parseWindow(input);
    return this.deps.transactions.run(async (store) => {
      const before = await store.findCampaignTitle(input.titleId);
      if (!before) throw invalid(`No title ${input.titleId}`);
      const cleared = input.text === '' && input.textJa === '';
      const fields = {
        campaign_text: input.text,
        campaign_text_ja: input.textJa,
        campaign_start_at: cleared ? null : window.start,
        campaign_end_at: cleared ? null : window.end,
      };
      await store.updateCampaign(input.titleId, fields, now);
      await store.insertAuditLog(
        audit(editor, AuditAction.CampaignText, AuditTarget.Title, input.titleId, now, {
          before: campaignOf(before),
          after: fields,
        }),
      );
      return { title_id: input.titleId };
    });
  }

  /** POST /ops/catalogue/top/rankings/rebuild: the scheduled job's work, now; audited. */
  async rebuildRankings(auth: RequestAuth) {
    const editor = await this.deps.access(auth);
    const before = await this.deps.rankings.findLatestComputedAt();
    const outcome = await this.deps.rankings.handleRebuildRankings();
    const after = await this.deps.rankings.findLatestComputedAt();
    const now = this.deps.clock.now();
    await this.deps.transactions.run((store) =>
      store.insertAuditLog(
        audit(editor, AuditAction.RankingsRebuild, AuditTarget.Ranking, 0, now, {
          outcome,
          before: { computed_at: before ?? null },
          after: { computed_at: after ?? null },
        }),
      ),
    );
    return { outcome, rankings_rebuilt_time: this.formatTime(after ?? null) };
  }

  private async findBanner(
    store: Pick<TopCurationRepository, 'findAdvertisement'> | Pick<TopCurationTransactionRepository, 'run'>,
    id: number,
  ): Promise<AdvertisementRow> {
    const row =
      'findAdvertisement' in store
        ? await store.findAdvertisement(id)
        : await store.run((s) => s.findAdvertisement(id));
    if (!row || row.type !== AdvertisementType.Banner) throw invalid(`No banner ${id}`);
    return row;
  }

  /** '' → no bound; an end must come after its start. */
  private parseWindow(input: WindowInput): { start: number | null; end: number | null } {
    const start = input.startTime ? parseWireDateTime(input.startTime, this.options.timeZone) : null;
    const end = input.endTime ? parseWireDateTime(input.endTime, this.options.timeZone) : null;
    if (start !== null && end !== null && end <= start) throw invalid('The end time must be after the start time');
    return { start, end };
  }

  private formatTime(at: number | null): string {
    return at === null ? '' : formatWireDateTime(new Date(at), this.options.timeZone);
  }

  private renderPick(pick: TopPickRow, label: string, now: number): TopPick {
    return {
      pick_id: pick.id,
      kind: pick.kind,
      target_id: pick.target_id,
      label,
      start_time: this.formatTime(pick.start_at),
      end_time: this.formatTime(pick.end_at),
      active: isInWindow({ start: pick.start_at, end: pick.end_at }, now) ? 1 : 0,
    };
  }

  private renderBanner(row: AdvertisementRow, now: number): TopBanner {
    return {
      advertisement_id: row.id,
      image_url: this.deps.urls.publicUrl(row.image_path),
      link_url: row.link_url,
      alt_text: row.alt_text || row.name,
      alt_text_ja: row.alt_text_ja,
      position: row.position,
      start_time: this.formatTime(row.start_at),
      end_time: this.formatTime(row.end_at),
      active:
        row.active === 1 && row.image_path !== '' && isInWindow({ start: row.start_at, end: row.end_at }, now) ? 1 : 0,
    };
  }

  private renderCampaign(record: CampaignRecord, now: number, locale: Locale): TopCampaign {
    return {
      title_id: record.id,
      title_name: localizedName(record, locale),
      campaign_text: record.campaign_text,
      campaign_text_ja: record.campaign_text_ja,
      start_time: this.formatTime(record.campaign_start_at),
      end_time: this.formatTime(record.campaign_end_at),
      active: isInWindow({ start: record.campaign_start_at, end: record.campaign_end_at }, now) ? 1 : 0,
    };
  }

  private async deleteQuietly(keys: readonly string[]) {
    for (const key of keys) await this.deps.storage.delete(key).catch(() => undefined);
  }
}

function sameWindow(pick: TopPickRow, window: { start: number | null; end: number | null }) {
  return pick.start_at === window.start && pick.end_at === window.end;
}

function campaignOf(record: CampaignRecord) {
  const { campaign_text, campaign_text_ja, campaign_start_at, campaign_end_at } = record;
  return { campaign_text, campaign_text_ja, campaign_start_at, campaign_end_at };
}

/** The first `limit` episodes of distinct titles, in order. */
export function onePerTitle(episodes: readonly EpisodeRow[], limit: number): EpisodeRow[] {
  const chosen: EpisodeRow[] = [];
  const titles = new Set<number>();
  for (const episode of episodes) {
    if (titles.has(episode.title_id)) continue;
    titles.add(episode.title_id);
    chosen.push(episode);
    if (chosen.length === limit) break;
  }
  return chosen;
}

function audit(
  editor: AuthUser,
  action: AuditAction,
  targetType: AuditTarget,
  targetId: number,
  now: number,
  detail: object,
): NewAuditLog {
  return {
    actor_user_id: editor.userId,
    action,
    target_type: targetType,
    target_id: targetId,
    detail: JSON.stringify(detail),
    created_at: now,
  };
}
