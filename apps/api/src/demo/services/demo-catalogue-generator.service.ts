// The deterministic demo catalogue: data only, no I/O. The same seed and clock give the same rows,
// so tests and every fresh install see the same titles. Times are laid out relative to `now`
// (weekly releases on each title's weekday at 00:00 JST, some scheduled in the future).

import { AdvertisementType, buildSearchText, type Locale, PublishCategory, randomScrambleSeed } from '@manga/contracts';
import type { Insertable } from 'kysely';
import { SEED_PRODUCTS } from '#src/db/migrations/20261124191000_shop.ts';
import type {
  AdvertisementTable,
  AuthorTable,
  GenreTable,
  MagazineCategoryTable,
  MagazineTable,
  Millis,
  NewEpisode,
  NewTitle,
  ProductTable,
  RankingEntryTable,
  RankingTabTable,
  TagTable,
  TitleAuthorTable,
  TitleGenreTable,
  TitleTagTable,
} from '#src/db/schema.ts';
import {
  ADJECTIVES,
  CHAPTER_NAMES,
  FAMILY_NAMES,
  GENRE,
  GENRE_BADGES,
  GENRE_TAGS,
  GENRES,
  GIVEN_NAMES,
  INTRO_HOOKS,
  MAGAZINE_CATEGORIES,
  NOUNS,
  type Pair,
  PLACES,
  RANKING_TABS,
  ROLES,
  SKILLS,
  SPORTS,
  TAGS,
  TIMES,
  TITLE_TEMPLATES,
  type TitleWords,
  WEEKDAY_NAMES,
} from '#src/demo/catalogue/catalogue-data.ts';
import { SeededRandom } from '#src/demo/catalogue/seeded-random.ts';
import { TITLE_TICKET_DEFAULTS } from '#src/rules/title-ticket.rules.ts';
import { storageKeys } from '#src/services/ingest.service.ts';

export const DEFAULT_CATALOGUE_SEED = 20_261_122;
export const FIRST_TITLE_ID = 10_001;
export const FIRST_EPISODE_ID = 100_001;

export interface DemoCatalogueGeneratorOptions {
  seed?: number;
  now: Millis;
  titleCount?: number;
  /** At least this many episodes in total. */
  minEpisodes?: number;
  pagesPerEpisode?: { min: number; max: number };
}

/** What the art of a title is drawn from (palette index into ART_PALETTES, badge label…). */
export interface TitleArtSpec {
  seed: number;
  paletteIndex: number;
  badge: string;
  tagline: string;
  authorName: string;
}

export interface DemoEpisode {
  row: NewEpisode & { id: number; scramble_seed: number; page_count: number };
  /** 1-based chapter number shown on the pages. */
  number: number;
  /** 1-based numbers of the pages drawn as one wide double-page spread (width > height). */
  spreadPages: readonly number[];
}

/** Page of a chapter that is a double-page spread, as in print: after the cover and two pairs. */
export const DEMO_SPREAD_PAGE = 6;

/**
 * Every third chapter (1, 4, 7, …) holds one wide double-page spread, so that the viewer's spread
 * layout meets wide pages in the demo (they are always shown alone). A pure rule: it draws no
 * random numbers, so the rest of the catalogue is what it was.
 */
export function demoSpreadPages(chapterNumber: number, pageCount: number): number[] {
  return chapterNumber % 3 === 1 && pageCount > DEMO_SPREAD_PAGE + 1 ? [DEMO_SPREAD_PAGE] : [];
}

export interface DemoTitle {
  row: NewTitle & { id: number };
  art: TitleArtSpec;
  episodes: DemoEpisode[];
}

export type WithId<T> = Insertable<T> & { id: number };

export interface DemoCatalogue {
  seed: number;
  now: Millis;
  genres: Insertable<GenreTable>[];
  magazineCategories: Insertable<MagazineCategoryTable>[];
  magazines: WithId<MagazineTable>[];
  authors: WithId<AuthorTable>[];
  tags: WithId<TagTable>[];
  titles: DemoTitle[];
  titleGenres: Insertable<TitleGenreTable>[];
  titleTags: Insertable<TitleTagTable>[];
  titleAuthors: Insertable<TitleAuthorTable>[];
  rankingTabs: Insertable<RankingTabTable>[];
  rankingEntries: Insertable<RankingEntryTable>[];
  products: WithId<ProductTable>[];
  advertisements: WithId<AdvertisementTable>[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const JST_OFFSET = 9 * HOUR;

/** 00:00 JST of the day containing `now`. */
export function startOfJstDay(now: Millis): Millis {
  return Math.floor((now + JST_OFFSET) / DAY) * DAY - JST_OFFSET;
}

/** 1 Monday … 7 Sunday, in JST. */
export function jstWeekdayIndex(at: Millis): number {
  const day = new Date(at + JST_OFFSET).getUTCDay();
  return day === 0 ? 7 : day;
}

export class DemoCatalogueGeneratorService {
  /**
   * The whole demo catalogue, step by step. The steps draw from the same seeded generators in a
   * fixed order (plans, then each title in turn, then rankings, then features), so that the same
   * seed and clock give the same catalogue: reorder them and every install's catalogue changes.
   */
  generate(options: DemoCatalogueGeneratorOptions): DemoCatalogue {
    const run = startRun(options);
    const magazines = magazineIssues(run);
    const authors = new AuthorPool(run.rng);
    const plans = planTitles(run, options.titleCount ?? 48, options.minEpisodes ?? 1_250);
    const links: TitleLinks = { titleGenres: [], titleTags: [], titleAuthors: [] };
    const usedNames = new Set<string>();
    let firstEpisodeId = FIRST_EPISODE_ID;
    const titles = plans.map((plan, index) => {
      const title = buildTitle(run, { plan, index, firstEpisodeId, authors, usedNames, links, magazines });
      firstEpisodeId += title.episodes.length;
      return title;
    });
    const rankingEntries = rankTitles(run, titles, links.titleGenres);
    const advertisements = featureTitles(run, titles);
    return {
      seed: run.seed,
      now: run.now,
      genres: genreRows(),
      magazineCategories: magazineCategoryRows(),
      magazines: magazines.rows,
      authors: authors.rows,
      tags: tagRows(),
      titles,
      ...links,
      rankingTabs: rankingTabRows(),
      rankingEntries,
      products: productRows(),
      advertisements,
    };
  }
}

/** What every step reads: the seed, the clock, and the two seeded generators they draw from. */
interface GenerationRun {
  seed: number;
  now: Millis;
  /** 00:00 JST of today: releases and campaigns are laid out from it. */
  today: Millis;
  pagesPerEpisode: { min: number; max: number };
  /** Catalogue-wide draws: plans, authors, ranking scores, featured titles. */
  rng: SeededRandom;
  /** The episodes' scramble seeds, one after the other. */
  scrambleSeeds: SeededRandom;
}

function startRun(options: DemoCatalogueGeneratorOptions): GenerationRun {
  const seed = options.seed ?? DEFAULT_CATALOGUE_SEED;
  return {
    seed,
    now: options.now,
    today: startOfJstDay(options.now),
    pagesPerEpisode: options.pagesPerEpisode ?? { min: 15, max: 16 },
    rng: SeededRandom.derive(seed, 'catalogue'),
    scrambleSeeds: SeededRandom.derive(seed, 'scramble-seeds'),
  };
}

// ── fixed rows ──────────────────────────────────────────────────────────────────────────────────

function genreRows(): Insertable<GenreTable>[] {
  return GENRES.map((genre, index) => ({
    id: genre.id,
    name_en: genre.name[0],
    name_ja: genre.name[1],
    sort_order: index + 1,
  }));
}

function magazineCategoryRows(): Insertable<MagazineCategoryTable>[] {
  return MAGAZINE_CATEGORIES.map((category, index) => ({
    id: category.id,
    name_en: category.name[0],
    name_ja: category.name[1],
    is_purchase: category.isPurchase,
    is_search: category.isSearch,
    is_subscription: category.isSubscription,
    sort_order: index + 1,
  }));
}

function tagRows(): WithId<TagTable>[] {
  return TAGS.map((tag, index) => ({ id: index + 1, name_en: tag[0], name_ja: tag[1] }));
}

function rankingTabRows(): Insertable<RankingTabTable>[] {
  return RANKING_TABS.map((tab, index) => ({
    id: tab.id,
    kind: tab.kind,
    genre_id: tab.genreId,
    name_en: tab.name[0],
    name_ja: tab.name[1],
    sort_order: index + 1,
  }));
}

function productRows(): WithId<ProductTable>[] {
  // The shop's products are the migration's (ADR 019, README "Shop prices"), with the same ids.
  return SEED_PRODUCTS.map((p, index) => ({ id: index + 1, ...p, active: 1 as const }));
}

// ── magazines and authors ───────────────────────────────────────────────────────────────────────

interface MagazineIssues {
  rows: WithId<MagazineTable>[];
  byCategory: Map<number, WithId<MagazineTable>[]>;
}

/** The latest four issues of each periodical, newest last. */
function magazineIssues({ today, now }: GenerationRun): MagazineIssues {
  const rows: WithId<MagazineTable>[] = [];
  const byCategory = new Map<number, WithId<MagazineTable>[]>();
  for (const category of MAGAZINE_CATEGORIES.filter((c) => c.cycleDays > 0)) {
    const issues: WithId<MagazineTable>[] = [];
    for (let back = 3; back >= 0; back--) {
      const startAt = today - back * category.cycleDays * DAY;
      const date = new Date(startAt + JST_OFFSET);
      const issueNo = category.cycleDays === 7 ? weekOfYear(date) : date.getUTCMonth() + 1;
      const id = rows.length + 1;
      const issue = {
        id,
        magazine_category_id: category.id,
        name_en: `${category.name[0]} ${date.getUTCFullYear()} No. ${issueNo}`,
        name_ja: `${category.name[1]} ${date.getUTCFullYear()}年${issueNo}号`,
        cover_path: `magazines/${id}/cover.webp`,
        point: category.issuePoint,
        start_at: startAt,
        created_at: now,
      };
      issues.push(issue);
      rows.push(issue);
    }
    byCategory.set(category.id, issues);
  }
  return { rows, byCategory };
}

/** Authors with unique names, made as titles need them. */
class AuthorPool {
  readonly rows: WithId<AuthorTable>[] = [];
  private readonly names = new Set<string>();

  constructor(private readonly rng: SeededRandom) {}

  newAuthor(): WithId<AuthorTable> & { name_en: string; name_ja: string } {
    for (;;) {
      const family = this.rng.pick(FAMILY_NAMES);
      const given = this.rng.pick(GIVEN_NAMES);
      const key = `${given[0]} ${family[0]}`;
      if (this.names.has(key)) continue;
      this.names.add(key);
      const author = { id: this.rows.length + 1, name_en: key, name_ja: `${family[1]}${given[1]}` };
      this.rows.push(author);
      return author;
    }
  }
}

// ── titles ──────────────────────────────────────────────────────────────────────────────────────

/** Episode counts per title, topped up (never one-shots) until the catalogue has `minEpisodes`. */
function planTitles({ rng }: GenerationRun, titleCount: number, minEpisodes: number): TitlePlan[] {
  const plans = Array.from({ length: titleCount }, (_, index) => planTitle(index, rng));
  let total = plans.reduce((sum, plan) => sum + plan.released + plan.scheduled, 0);
  while (total < minEpisodes) {
    const plan = rng.pick(plans.filter((p) => p.publishCategory !== PublishCategory.OneShot));
    plan.released += 1;
    total += 1;
  }
  return plans;
}

interface TitleLinks {
  titleGenres: Insertable<TitleGenreTable>[];
  titleTags: Insertable<TitleTagTable>[];
  titleAuthors: Insertable<TitleAuthorTable>[];
}

interface TitleDraft {
  plan: TitlePlan;
  index: number;
  firstEpisodeId: number;
  authors: AuthorPool;
  usedNames: Set<string>;
  links: TitleLinks;
  magazines: MagazineIssues;
}

/** One title: its name, genres and tags, credits, introduction, episodes, row and cover art. */
function buildTitle(run: GenerationRun, draft: TitleDraft): DemoTitle {
  const { plan, index, links } = draft;
  const titleId = FIRST_TITLE_ID + index;
  const trng = SeededRandom.derive(run.seed, `title-${titleId}`);
  const name = uniqueTitleName(plan.primaryGenre, trng, draft.usedNames);
  for (const genreId of [plan.primaryGenre, ...plan.extraGenres]) {
    links.titleGenres.push({ title_id: titleId, genre_id: genreId });
  }
  const tagIndexes = trng.sample(GENRE_TAGS[plan.primaryGenre] ?? [], trng.int(1, 3));
  for (const tagIndex of tagIndexes) links.titleTags.push({ title_id: titleId, tag_id: tagIndex + 1 });
  const credits = creditAuthors(titleId, trng, draft.authors, links);
  const introduction = introduce(plan, trng);
  const weekday = plan.weekdayIndex ? WEEKDAY_NAMES[plan.weekdayIndex - 1] : undefined;
  const episodes = scheduleEpisodes(run, { ...draft, titleId, name, trng });
  const row = titleRow(run, { plan, titleId, name, credits, tagIndexes, introduction, weekday, episodes, trng });
  const art: TitleArtSpec = {
    seed: trng.u32(),
    paletteIndex: index % 8,
    badge: GENRE_BADGES[plan.primaryGenre] ?? '',
    tagline: weekday
      ? `New chapter every ${weekday[0]}`
      : plan.publishCategory === PublishCategory.Complete
        ? 'Complete series'
        : 'One-shot',
    authorName: credits[0]!.name_en,
  };
  return { row, episodes, art };
}

/** The story author, and one title in three or so a separate artist. */
function creditAuthors(titleId: number, trng: SeededRandom, authors: AuthorPool, links: TitleLinks) {
  const story = authors.newAuthor();
  const credits = [story];
  links.titleAuthors.push({ title_id: titleId, author_id: story.id, role: 'story_art', position: 1 });
  if (trng.chance(0.3)) {
    const artist = authors.newAuthor();
    credits.push(artist);
    links.titleAuthors[links.titleAuthors.length - 1]!.role = 'story';
    links.titleAuthors.push({ title_id: titleId, author_id: artist.id, role: 'art', position: 2 });
  }
  return credits;
}

/** The introduction in both languages and the hook it is built on. */
function introduce(plan: TitlePlan, trng: SeededRandom) {
  const hook = trng.pick(INTRO_HOOKS[plan.primaryGenre] ?? INTRO_HOOKS[6]!);
  const hero = trng.pick(GIVEN_NAMES);
  const place = trng.pick(PLACES);
  return {
    hook,
    en: `In ${place[0] === 'Tokyo' ? 'Tokyo' : `a quiet ${place[0].toLowerCase()}`}, ${hero[0]} is about to learn that ${hook[0]}. ${closingLine(plan.primaryGenre, 'en')}`,
    ja: `${place[1]}で暮らす${hero[1]}。${hook[1]}。${closingLine(plan.primaryGenre, 'ja')}`,
  };
}

/**
 * The title's episodes: weekly on its weekday at 00:00 JST up to the latest release (some still
 * scheduled), priced around the title's base price with the first one free, in the title's
 * magazine while its issues run, some in a free window.
 */
function scheduleEpisodes(
  run: GenerationRun,
  draft: TitleDraft & { titleId: number; name: Pair; trng: SeededRandom },
): DemoEpisode[] {
  const { plan, index, titleId, name, trng } = draft;
  const { today, now, pagesPerEpisode } = run;
  const lastRelease = plan.weekdayIndex
    ? today - ((jstWeekdayIndex(today) - plan.weekdayIndex + 7) % 7) * DAY
    : today - plan.endedWeeksAgo * WEEK;
  const count = plan.released + plan.scheduled;
  const basePrice = trng.pick([30, 40, 50, 60, 70, 80]);
  const bonusRate = trng.chance(0.5) ? 0.1 : 0;
  const magazineIssues = plan.magazineCategoryId ? draft.magazines.byCategory.get(plan.magazineCategoryId) : undefined;
  const episodeFreeWindow = plan.episodeFreeWindow ? today + trng.int(3, 9) * DAY : null;
  const oneShot = plan.publishCategory === PublishCategory.OneShot;
  const episodes: DemoEpisode[] = [];
  for (let i = 0; i < count; i++) {
    const id = draft.firstEpisodeId + i;
    const number = i + 1;
    const startAt = lastRelease + (i - (plan.released - 1)) * WEEK;
    const released = i < plan.released;
    const point = oneShot || i === 0 ? 0 : clamp(basePrice + trng.pick([-10, -5, 0, 0, 5, 10]), 30, 80);
    const earlyAccess = plan.publishCategory === PublishCategory.Serializing && i >= plan.released - 3;
    const chapter = CHAPTER_NAMES[(i * 7 + index * 3) % CHAPTER_NAMES.length]!;
    const pageCount = trng.int(pagesPerEpisode.min, pagesPerEpisode.max);
    const scrambleSeed = randomScrambleSeed(() => run.scrambleSeeds.u32());
    const issue =
      magazineIssues && released && i >= plan.released - magazineIssues.length
        ? magazineIssues[magazineIssues.length - (plan.released - i)]
        : undefined;
    episodes.push({
      number,
      spreadPages: demoSpreadPages(number, pageCount),
      row: {
        id,
        title_id: titleId,
        sort_index: number,
        name_en: oneShot ? name[0] : `Chapter ${number}: ${chapter[0]}`,
        name_ja: oneShot ? name[1] : `第${number}話 ${chapter[1]}`,
        point,
        bonus_point: Math.round(point * bonusRate),
        start_at: startAt,
        free_until_at: episodeFreeWindow && i >= 1 && i <= 3 && released ? episodeFreeWindow : null,
        ticket_rental_enabled: point > 0 && plan.ticketEnabled && !earlyAccess ? 1 : 0,
        single_sale_enabled: point > 0 ? 1 : 0,
        magazine_id: issue?.id ?? null,
        viewing_direction: plan.viewingDirection,
        page_count: pageCount,
        scramble_seed: scrambleSeed,
        thumbnail_path: storageKeys.episodeThumbnail(id, scrambleSeed),
        comic_volume: plan.publishCategory === PublishCategory.Complete ? Math.floor(i / 8) + 1 : null,
        comment_enabled: 1,
        comment_num: 0,
        created_at: Math.min(startAt, now),
        updated_at: Math.min(startAt, now),
      },
    });
  }
  return episodes;
}

/** The title row: texts, art paths, schedule, free windows, tickets and publication time. */
function titleRow(
  { today, now }: GenerationRun,
  parts: {
    plan: TitlePlan;
    titleId: number;
    name: Pair;
    credits: readonly { name_en: string; name_ja: string }[];
    tagIndexes: readonly number[];
    introduction: { hook: Pair; en: string; ja: string };
    weekday: Pair | undefined;
    episodes: readonly DemoEpisode[];
    trng: SeededRandom;
  },
): NewTitle & { id: number } {
  const { plan, titleId, name, credits, introduction, weekday } = parts;
  const authorTextEn = credits.map((a) => a.name_en).join(' / ');
  const authorTextJa = credits.map((a) => a.name_ja).join(' / ');
  const searchText = buildSearchText([
    name[0],
    name[1],
    authorTextEn,
    authorTextJa,
    ...credits.flatMap((a) => [a.name_en, a.name_ja]),
    ...parts.tagIndexes.flatMap((t) => TAGS[t] ?? []),
  ]);
  const campaign = plan.freeUntilDays ? today + plan.freeUntilDays * DAY : null;
  const complete = plan.publishCategory === PublishCategory.Complete;
  return {
    id: titleId,
    name_en: name[0],
    name_ja: name[1],
    search_text: searchText,
    author_text_en: authorTextEn,
    author_text_ja: authorTextJa,
    introduction_en: introduction.en,
    introduction_ja: introduction.ja,
    short_introduction_en: capitalise(introduction.hook[0]),
    short_introduction_ja: introduction.hook[1],
    campaign_text: campaign ? `All chapters free until ${formatMonthDay(campaign)}!` : '',
    notice_text: plan.scheduled > 0 ? 'A new chapter is coming soon.' : '',
    campaign_text_ja: campaign ? `${formatMonthDayJa(campaign)}まで全話無料！` : '',
    notice_text_ja: plan.scheduled > 0 ? 'まもなく新しい話を公開します。' : '',
    thumbnail_path: storageKeys.titleArt(titleId, 'thumbnail'),
    thumbnail_rect_path: storageKeys.titleArt(titleId, 'thumbnailRect'),
    banner_path: storageKeys.titleArt(titleId, 'banner'),
    feature_path: storageKeys.titleArt(titleId, 'feature'),
    magazine_category_id: plan.magazineCategoryId,
    publish_category: plan.publishCategory,
    age_rating: plan.ageRating,
    weekday_index: plan.weekdayIndex,
    new_episode_update_cycle_text_en: weekday ? `Every ${weekday[0]}` : complete ? 'Complete' : '',
    new_episode_update_cycle_text_ja: weekday ? `毎週${weekday[1]}更新` : complete ? '完結' : '',
    free_episode_update_cycle_text_en: weekday ? `Free chapter every ${weekday[0]}` : '',
    free_episode_update_cycle_text_ja: weekday ? `毎週${weekday[1]}無料更新` : '',
    free_first_count: plan.freeFirstCount,
    free_latest_count: plan.freeLatestCount,
    free_until_at: campaign,
    episode_order: 1,
    support_status: parts.trng.chance(0.5) ? 1 : 0,
    ticket_enabled: plan.ticketEnabled ? 1 : 0,
    ...TITLE_TICKET_DEFAULTS,
    ticket_version: 1,
    published_at: parts.episodes[0]?.row.start_at ?? today,
    created_at: now,
    updated_at: now,
  };
}

// ── rankings and features ───────────────────────────────────────────────────────────────────────

/**
 * Initial rankings (the RebuildRankings job replaces them once readers read): a random score per
 * title, the top 50 of each tab. Today's Specials are today's weekday titles and free campaigns.
 */
function rankTitles(
  { rng, now }: GenerationRun,
  titles: readonly DemoTitle[],
  titleGenres: readonly Insertable<TitleGenreTable>[],
): Insertable<RankingEntryTable>[] {
  const scores = new Map(titles.map((t) => [t.row.id, rng.int(1_000, 100_000)]));
  const genresOf = new Map<number, Set<number>>();
  for (const link of titleGenres) {
    const set = genresOf.get(link.title_id) ?? new Set<number>();
    set.add(link.genre_id);
    genresOf.set(link.title_id, set);
  }
  const todayIndex = jstWeekdayIndex(now);
  const entries: Insertable<RankingEntryTable>[] = [];
  for (const tab of RANKING_TABS) {
    const members = titles.filter((t) => {
      if (tab.kind === 'all') return true;
      if (tab.kind === 'today_special') return t.row.weekday_index === todayIndex || t.row.free_until_at !== null;
      return genresOf.get(t.row.id)?.has(tab.genreId ?? -1) ?? false;
    });
    members
      .sort((a, b) => (scores.get(b.row.id) ?? 0) - (scores.get(a.row.id) ?? 0) || a.row.id - b.row.id)
      .slice(0, 50)
      .forEach((t, position) => {
        entries.push({
          ranking_id: tab.id,
          position: position + 1,
          title_id: t.row.id,
          score: scores.get(t.row.id) ?? 0,
          computed_at: now,
        });
      });
  }
  return entries;
}

/** Six featured titles: four top-page banners and two viewer last-page advertisements. */
function featureTitles({ rng, today }: GenerationRun, titles: readonly DemoTitle[]): WithId<AdvertisementTable>[] {
  return rng.sample(titles, 6).map((t, index) => ({
    id: index + 1,
    type: index < 4 ? AdvertisementType.Banner : AdvertisementType.ViewerLastPage,
    title_id: t.row.id,
    image_path: t.row.banner_path ?? '',
    link_url: `/title/${t.row.id}`,
    name: t.row.name_en,
    // The banner's alt text is its title's name, in each language (a JP reader sees no English).
    alt_text: t.row.name_en,
    alt_text_ja: t.row.name_ja,
    position: index + 1,
    active: 1 as const,
    start_at: today - 7 * DAY,
    end_at: index === 0 ? today + 14 * DAY : null,
  }));
}

interface TitlePlan {
  primaryGenre: number;
  extraGenres: number[];
  publishCategory: 1 | 2 | 3;
  weekdayIndex: number | null;
  endedWeeksAgo: number;
  released: number;
  scheduled: number;
  ageRating: number;
  freeFirstCount: number;
  freeLatestCount: number;
  freeUntilDays: number | null;
  episodeFreeWindow: boolean;
  ticketEnabled: boolean;
  magazineCategoryId: number | null;
  viewingDirection: number;
}

/** The shape of one title: its genre, schedule and sales settings. */
function planTitle(index: number, rng: SeededRandom): TitlePlan {
  // The first 16 titles take genres 1–16 in turn so every genre is used.
  const primaryGenre = index < GENRES.length ? index + 1 : rng.pick([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 8, 9, 1, 4]);
  const oneShot = primaryGenre === GENRE.OneShot || (index >= GENRES.length && rng.chance(0.04));
  const complete = !oneShot && rng.chance(0.22);
  const publishCategory: 1 | 2 | 3 = oneShot ? 3 : complete ? 2 : 1;
  const extras = new Set<number>();
  const extraCount = rng.int(0, 2);
  for (let i = 0; i < extraCount; i++) {
    const candidate = rng.pick([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 15, 16]);
    if (candidate !== primaryGenre) extras.add(candidate);
  }
  const ageRating =
    primaryGenre === GENRE.Outlaws
      ? 16
      : primaryGenre === GENRE.Horror
        ? rng.pick([13, 16])
        : primaryGenre === GENRE.BoysLove || primaryGenre === GENRE.GirlsLove
          ? rng.pick([16, 18])
          : rng.chance(0.12)
            ? rng.pick([13, 16, 18])
            : 0;
  const released = oneShot ? 1 : complete ? rng.int(20, 48) : rng.int(8, 40);
  const scheduled = publishCategory === 1 && rng.chance(0.45) ? rng.int(1, 2) : 0;
  const magazineCategoryId = rng.pick(
    primaryGenre === GENRE.Shojo || primaryGenre === GENRE.GirlsLove
      ? [29, 1]
      : primaryGenre === GENRE.Outlaws || primaryGenre === GENRE.Drama
        ? [13, 1]
        : [1, 2, 2, 3, 10],
  );
  return {
    primaryGenre,
    extraGenres: [...extras],
    publishCategory,
    weekdayIndex: publishCategory === 1 ? (index % 7) + 1 : null,
    endedWeeksAgo: rng.int(4, 80),
    released,
    scheduled,
    ageRating,
    freeFirstCount: oneShot ? 1 : rng.int(1, 5),
    freeLatestCount: publishCategory === 1 ? rng.int(0, 2) : 0,
    freeUntilDays: !oneShot && rng.chance(0.08) ? rng.int(3, 10) : null,
    episodeFreeWindow: !oneShot && rng.chance(0.12),
    ticketEnabled: !oneShot,
    magazineCategoryId,
    viewingDirection: rng.chance(0.9) ? 1 : 2,
  };
}

function uniqueTitleName(genreId: number, rng: SeededRandom, used: Set<string>): Pair {
  const templates = TITLE_TEMPLATES[genreId] ?? TITLE_TEMPLATES[GENRE.Drama]!;
  for (let attempt = 0; ; attempt++) {
    const [n, n2] = rng.sample(NOUNS, 2) as [Pair, Pair];
    const [r, r2] = rng.sample(ROLES, 2) as [Pair, Pair];
    const words: TitleWords = {
      A: rng.pick(ADJECTIVES),
      N: n,
      N2: n2,
      P: rng.pick(PLACES),
      T: rng.pick(TIMES),
      R: r,
      R2: r2,
      S: rng.pick(SKILLS),
      Sp: rng.pick(SPORTS),
    };
    const name = rng.pick(templates)(words);
    const key = name[0].toLowerCase();
    if (!used.has(key) || attempt > 50) {
      const unique: Pair = used.has(key) ? [`${name[0]} ${attempt}`, `${name[1]}${attempt}`] : name;
      used.add(unique[0].toLowerCase());
      return unique;
    }
  }
}

function closingLine(genreId: number, locale: Locale): string {
  const lines: Record<number, Pair> = {
    1: ['A bittersweet romantic comedy.', '甘くてほろ苦いラブコメディ。'],
    2: ['A mystery that keeps you guessing to the last page.', '最後のページまで目が離せないミステリー。'],
    3: ['Laugh-out-loud everyday comedy.', '思わず笑ってしまう日常コメディ。'],
    4: ['An epic of stars and sorcery.', '星と魔法の壮大な物語。'],
    5: ['A heated sports drama.', '熱きスポーツドラマ。'],
    7: ['Fists first, questions later.', '拳で語る男たちの物語。'],
    8: ['Non-stop battle action.', '息つく暇もないバトルアクション。'],
    9: ['A new life in another world begins.', '異世界での新しい人生が始まる。'],
  };
  const line = lines[genreId] ?? ['A story that stays with you.', '心に残る物語。'];
  return locale === 'en' ? line[0] : line[1];
}

function weekOfYear(date: Date): number {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  return Math.floor((date.getTime() - start) / WEEK) + 1;
}

function formatMonthDay(at: Millis): string {
  const date = new Date(at + JST_OFFSET);
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}`;
}

function formatMonthDayJa(at: Millis): string {
  const date = new Date(at + JST_OFFSET);
  return `${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
