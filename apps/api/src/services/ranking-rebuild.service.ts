// The RebuildRankings job (ADR 009): scores every published title from its reading and purchase
// activity of the last days (title_activity_daily) and rewrites the ranking tabs: All, Today's
// Specials (contracts' RankingId) and one tab per genre. Idempotent: it recomputes from the
// activity it reads, every time. RankingService reads what it writes.
import type { NewRankingEntry, RankingTabRow, TitleActivityDailyRow } from '#src/db/schema.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { addDays, wireDate, wireDayBounds } from '#src/rules/wire-calendar.rules.ts';
import type { JobOutcome } from '#src/services/job-scheduler.service.ts';

export interface RankingStore {
  listRankingTabs(): Promise<RankingTabRow[]>;
  findLatestComputedAt(): Promise<number | undefined>;
  replaceRankingEntries(rankingIds: readonly number[], entries: readonly NewRankingEntry[]): Promise<void>;
}

export interface RankingActivitySource {
  listActivitySince(fromDate: string): Promise<TitleActivityDailyRow[]>;
}

export interface RankingTitleSource {
  listPublishedTitleIds(now: number): Promise<number[]>;
  listTitleGenreLinks(): Promise<{ title_id: number; genre_id: number }[]>;
  listCampaignTitles(now: number): Promise<{ id: number }[]>;
  listEpisodeFreeWindowTitles(now: number): Promise<{ title_id: number }[]>;
  listTitleIdsUpdatedBetween(from: number, to: number, now: number): Promise<number[]>;
}

export interface RankingRebuildOptions {
  timeZone: string;
  /** Days of activity that count, today included. */
  windowDays: number;
  /** Titles kept per tab. */
  entriesPerTab: number;
  /** Rankings older than this are stale (the job's interval). */
  intervalMs: number;
}

export const REBUILD_RANKINGS = 'RebuildRankings';
/** A purchase weighs as much as this many views; a recommendation click as much as RECOMMEND_CLICK_WEIGHT. */
export const PURCHASE_WEIGHT = 10;
export const RECOMMEND_CLICK_WEIGHT = 2;
/** Each day back multiplies a day's activity by this. */
export const DAILY_DECAY = 0.8;

export interface RankingRebuildServiceDeps {
  store: RankingStore;
  activity: RankingActivitySource;
  titles: RankingTitleSource;
  clock: ClockRepository;
}

export class RankingRebuildService {
  constructor(
    private readonly deps: RankingRebuildServiceDeps,
    private readonly options: RankingRebuildOptions,
  ) {}

  /** Stale when never computed or computed longer ago than the job's interval. */
  async areRankingsStale(): Promise<boolean> {
    const latest = await this.deps.store.findLatestComputedAt();
    return latest === undefined || latest < this.deps.clock.now() - this.options.intervalMs;
  }

  /**
   * 'skipped' when there is no activity in the window (the rankings in place, e.g. the demo's, stay);
   * otherwise every tab is rewritten in one transaction and 'success' is returned.
   */
  async handleRebuildRankings(): Promise<JobOutcome> {
    const now = this.deps.clock.now();
    const { timeZone, windowDays, entriesPerTab } = this.options;
    const today = wireDate(now, timeZone);
    const rows = await this.deps.activity.listActivitySince(addDays(today, -(windowDays - 1)));
    if (rows.length === 0) return 'skipped';

    const [published, links, tabs, campaigns, windows, updatedToday] = await Promise.all([
      this.deps.titles.listPublishedTitleIds(now),
      this.deps.titles.listTitleGenreLinks(),
      this.deps.store.listRankingTabs(),
      this.deps.titles.listCampaignTitles(now),
      this.deps.titles.listEpisodeFreeWindowTitles(now),
      this.deps.titles.listTitleIdsUpdatedBetween(wireDayBounds(today, timeZone).start, now + 1, now),
    ]);
    const yesterday = addDays(today, -1);
    const score = new Map<number, number>();
    const growth = new Map<number, number>();
    for (const row of rows) {
      const weight = row.views + PURCHASE_WEIGHT * row.purchases + RECOMMEND_CLICK_WEIGHT * row.recommend_clicks;
      const age = daysBetween(row.activity_date, today);
      score.set(row.title_id, (score.get(row.title_id) ?? 0) + weight * DAILY_DECAY ** age);
      if (row.activity_date === today) growth.set(row.title_id, (growth.get(row.title_id) ?? 0) + weight);
      if (row.activity_date === yesterday) growth.set(row.title_id, (growth.get(row.title_id) ?? 0) - weight);
    }
    const byScore = (a: number, b: number) => (score.get(b) ?? 0) - (score.get(a) ?? 0) || a - b;
    const ranked = [...published].sort(byScore);
    const genresOf = new Map<number, Set<number>>();
    for (const { title_id, genre_id } of links) {
      const set = genresOf.get(title_id) ?? new Set<number>();
      set.add(genre_id);
      genresOf.set(title_id, set);
    }
    const publishedSet = new Set(published);
    const specials = new Set(
      [
        ...campaigns.map((c) => c.id),
        ...windows.map((w) => w.title_id),
        ...updatedToday,
        ...[...growth].filter(([, g]) => g > 0).map(([id]) => id),
      ].filter((id) => publishedSet.has(id)),
    );
    const specialsOrder = [...specials].sort((a, b) => (growth.get(b) ?? 0) - (growth.get(a) ?? 0) || byScore(a, b));

    const entries: NewRankingEntry[] = [];
    for (const tab of tabs) {
      const members =
        tab.kind === 'all'
          ? ranked
          : tab.kind === 'today_special'
            ? specialsOrder
            : ranked.filter((id) => genresOf.get(id)?.has(tab.genre_id ?? -1));
      members.slice(0, entriesPerTab).forEach((titleId, index) => {
        entries.push({
          ranking_id: tab.id,
          position: index + 1,
          title_id: titleId,
          score:
            Math.round((tab.kind === 'today_special' ? (growth.get(titleId) ?? 0) : (score.get(titleId) ?? 0)) * 1000) /
            1000,
          computed_at: now,
        });
      });
    }
    await this.deps.store.replaceRankingEntries(
      tabs.map((tab) => tab.id),
      entries,
    );
    return 'success';
  }
}

function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000));
}
