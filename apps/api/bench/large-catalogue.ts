// A LARGE catalogue for `npm run bench` (10,000 titles, 500,000 episodes; rows only, no images: the
// benchmarked calls never read pages). Written once into its own SQLite file under the data
// directory and reused while its marker row matches. Rows go in through the same repositories as the
// seeder (bulk inserts in one transaction); rankings come from generated activity through the real
// RebuildRankings handler, which is timed too.
import { existsSync, rmSync } from 'node:fs';
import { buildSearchText } from '@manga/contracts';
import type { Insertable } from 'kysely';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import type {
  AuthorTable,
  NewEpisode,
  NewTitle,
  TitleActivityDailyTable,
  TitleAuthorTable,
  TitleGenreTable,
  TitleTagTable,
} from '#src/db/schema.ts';
import { ADJECTIVES, FAMILY_NAMES, GIVEN_NAMES, NOUNS, PLACES, TAGS } from '#src/demo/catalogue/catalogue-data.ts';
import { SeededRandom } from '#src/demo/catalogue/seeded-random.ts';
import { DemoCatalogueRepository } from '#src/demo/repositories/demo-catalogue.repository.ts';
import { DemoCatalogueGeneratorService, startOfJstDay } from '#src/demo/services/demo-catalogue-generator.service.ts';
import { RankingRepository } from '#src/repositories/ranking.repository.ts';
import { SettingRepository } from '#src/repositories/setting.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { TitleActivityRepository } from '#src/repositories/title-activity.repository.ts';
import { addDays, wireDate } from '#src/rules/wire-calendar.rules.ts';
import { RankingRebuildService } from '#src/services/ranking-rebuild.service.ts';

export const LARGE_TITLES = 10_000;
export const LARGE_EPISODES_PER_TITLE = 50;
const MARKER_KEY = 'bench_large_catalogue';
const MARKER = JSON.stringify({ version: 2, titles: LARGE_TITLES, episodesPerTitle: LARGE_EPISODES_PER_TITLE });
const DAY = 86_400_000;
const WEEK = 7 * DAY;

export interface LargeCatalogueReport {
  built: boolean;
  titles: number;
  episodes: number;
  buildMs: number;
  rankingMs: number;
}

/** Builds the large catalogue at `path` unless a complete one is there already. */
export async function ensureLargeCatalogue(path: string, log: (line: string) => void): Promise<LargeCatalogueReport> {
  if (existsSync(path)) {
    const database = createDatabase({ url: `sqlite:${path}` });
    try {
      await migrateToLatest(database.db);
      const marker = await new SettingRepository(database.db).findSetting(MARKER_KEY);
      if (marker?.value === MARKER) {
        const titles = await new TitleRepository(database.db).countTitles();
        return { built: false, titles, episodes: titles * LARGE_EPISODES_PER_TITLE, buildMs: 0, rankingMs: 0 };
      }
    } finally {
      await database.close();
    }
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  }
  return build(path, log);
}

async function build(path: string, log: (line: string) => void): Promise<LargeCatalogueReport> {
  const started = performance.now();
  const now = Date.now();
  const today = startOfJstDay(now);
  const database = createDatabase({ url: `sqlite:${path}` });
  try {
    await migrateToLatest(database.db);
    log(
      `Building the large catalogue (${LARGE_TITLES} titles, ${LARGE_TITLES * LARGE_EPISODES_PER_TITLE} episodes) in ${path}`,
    );
    const base = new DemoCatalogueGeneratorService().generate({ now, titleCount: 1, minEpisodes: 1 });
    const rng = SeededRandom.derive(20_261_122, 'bench-large');
    const authors: (Insertable<AuthorTable> & { id: number })[] = [];
    for (let i = 0; i < 2_000; i++) {
      const family = rng.pick(FAMILY_NAMES);
      const given = rng.pick(GIVEN_NAMES);
      authors.push({
        id: i + 1,
        name_en: `${given[0]} ${family[0]} ${i + 1}`,
        name_ja: `${family[1]}${given[1]}${i + 1}`,
      });
    }
    const titles: NewTitle[] = [];
    const titleGenres: Insertable<TitleGenreTable>[] = [];
    const titleTags: Insertable<TitleTagTable>[] = [];
    const titleAuthors: Insertable<TitleAuthorTable>[] = [];
    const episodes: NewEpisode[] = [];
    let episodeId = 100_001;
    for (let index = 0; index < LARGE_TITLES; index++) {
      const id = 10_001 + index;
      const adjective = rng.pick(ADJECTIVES);
      const noun = rng.pick(NOUNS);
      const place = rng.pick(PLACES);
      const author = authors[index % authors.length]!;
      const tag = rng.int(0, TAGS.length - 1);
      const nameEn = `The ${adjective[0]} ${noun[0]} of ${place[0]} ${id}`;
      const nameJa = `${place[1]}の${adjective[1]}${noun[1]}${id}`;
      const weekday = index % 8 === 7 ? null : (index % 7) + 1;
      const genres = [...new Set([rng.int(1, 16), rng.int(1, 16)])];
      for (const genreId of genres) titleGenres.push({ title_id: id, genre_id: genreId });
      titleTags.push({ title_id: id, tag_id: tag + 1 });
      titleAuthors.push({ title_id: id, author_id: author.id, role: 'story_art', position: 1 });
      const lastRelease = today - rng.int(0, 6) * DAY;
      for (let i = 0; i < LARGE_EPISODES_PER_TITLE; i++) {
        const startAt = lastRelease + (i - (LARGE_EPISODES_PER_TITLE - 2)) * WEEK; // the last one is scheduled
        episodes.push({
          id: episodeId++,
          title_id: id,
          sort_index: i + 1,
          name_en: `Chapter ${i + 1}`,
          name_ja: `第${i + 1}話`,
          point: i < 3 ? 0 : 40,
          bonus_point: i % 10 === 9 ? 4 : 0,
          start_at: startAt,
          ticket_rental_enabled: i < 3 ? 0 : 1,
          single_sale_enabled: i < 3 ? 0 : 1,
          page_count: 20,
          scramble_seed: rng.u32() || 1,
          created_at: Math.min(startAt, now),
          updated_at: Math.min(startAt, now),
        });
      }
      titles.push({
        id,
        name_en: nameEn,
        name_ja: nameJa,
        search_text: buildSearchText([nameEn, nameJa, author.name_en, author.name_ja, ...(TAGS[tag] ?? [])]),
        author_text_en: author.name_en,
        author_text_ja: author.name_ja,
        introduction_en: `A story about ${noun[0].toLowerCase()}s in ${place[0]}.`,
        introduction_ja: `${place[1]}の${noun[1]}の物語。`,
        magazine_category_id: rng.pick([1, 2, 3, 10]),
        publish_category: weekday ? 1 : 2,
        weekday_index: weekday,
        free_first_count: 3,
        free_latest_count: weekday ? 1 : 0,
        free_until_at: index % 97 === 0 ? today + 3 * DAY : null,
        thumbnail_path: `titles/${id}/thumbnail.webp`,
        thumbnail_rect_path: `titles/${id}/thumbnail-rect.webp`,
        banner_path: `titles/${id}/banner.webp`,
        published_at: today - 400 * DAY,
        created_at: now,
        updated_at: now,
      });
    }
    await new DemoCatalogueRepository(database.db).insertCatalogue({
      genres: base.genres,
      magazineCategories: base.magazineCategories,
      magazines: base.magazines,
      authors,
      tags: base.tags,
      titles,
      titleGenres,
      titleTags,
      titleAuthors,
      episodes,
      pages: [],
      rankingTabs: base.rankingTabs,
      rankingEntries: [],
      products: base.products,
      advertisements: base.advertisements.map((ad, i) => ({ ...ad, title_id: 10_001 + i * 101 })),
    });
    const buildMs = performance.now() - started;
    log(`Inserted the large catalogue in ${(buildMs / 1000).toFixed(1)} s`);

    // Reading and purchase activity of the last 7 days for 3,000 titles, then the real ranking job.
    const activity: Insertable<TitleActivityDailyTable>[] = [];
    const todayDate = wireDate(now, 'Asia/Tokyo');
    for (let back = 0; back < 7; back++) {
      for (let t = 0; t < 3_000; t++) {
        activity.push({
          title_id: 10_001 + ((t * 7919) % LARGE_TITLES),
          activity_date: addDays(todayDate, -back),
          views: rng.int(0, 500),
          purchases: rng.int(0, 20),
        });
      }
    }
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < activity.length; i += 5_000) {
        await trx
          .insertInto('title_activity_daily')
          .values(activity.slice(i, i + 5_000))
          .execute();
      }
    });
    const rankingStarted = performance.now();
    const rankings = new RankingRebuildService(
      {
        store: new RankingRepository(database.db),
        activity: new TitleActivityRepository(database.db),
        titles: new TitleRepository(database.db),
        clock: { now: () => now },
      },
      { timeZone: 'Asia/Tokyo', windowDays: 7, entriesPerTab: 100, intervalMs: 15 * 60_000 },
    );
    const outcome = await rankings.handleRebuildRankings();
    const rankingMs = performance.now() - rankingStarted;
    log(`RebuildRankings on the large catalogue: ${outcome} in ${Math.round(rankingMs)} ms`);
    await new SettingRepository(database.db).upsertSetting(MARKER_KEY, MARKER, now);
    return { built: true, titles: titles.length, episodes: episodes.length, buildMs, rankingMs };
  } finally {
    await database.close();
  }
}
