// The repository methods whose SQL is snapshotted in src/queries (STYLE habit 5), each with
// representative arguments. The mapped types make the compiler require a case for every method of a
// listed repository that returns a Promise; a new Kysely repository gets its entry here.
// Arguments are literals, not test factories, so that the parameters in the snapshot never change.
import type { Kysely } from 'kysely';
import type { Database, NewEpisode, NewPage, NewTitle } from '#src/db/schema.ts';
import type { SqlSnapshotCall, SqlSnapshotGroup } from '#src/db/sql-snapshot.ts';
import { DatabaseHealthRepository } from '#src/repositories/database-health.repository.ts';
import { EpisodeRepository } from '#src/repositories/episode.repository.ts';
import { GenreRepository } from '#src/repositories/genre.repository.ts';
import { MagazineRepository } from '#src/repositories/magazine.repository.ts';
import { SettingRepository } from '#src/repositories/setting.repository.ts';
import { TitleRepository } from '#src/repositories/title.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';

/** The clock of every case: 2026-11-22T00:00:00Z. */
const NOW = Date.UTC(2026, 10, 22);
const DAY_MS = 24 * 60 * 60 * 1000;

type Run<T> = (repository: T) => Promise<unknown>;

/** Public methods of `T` that return a Promise: the ones that can run a query. */
type QueryMethodName<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T] &
  string;

/** One call, or named variants when one call cannot show every statement (`{ all, 'by ids' }`). */
type MethodCase<T> = Run<T> | { readonly [variant: string]: Run<T> };

function repositoryCases<T>(
  file: string,
  Repository: new (db: Kysely<Database>) => T,
  cases: { readonly [K in QueryMethodName<T>]: MethodCase<T> },
): SqlSnapshotGroup {
  const calls = Object.entries<MethodCase<T>>(cases).flatMap(([method, methodCase]): SqlSnapshotCall[] => {
    const label = `${Repository.name}.${method}`;
    const variants: [string, Run<T>][] =
      typeof methodCase === 'function'
        ? [[label, methodCase]]
        : Object.entries(methodCase).map(([variant, run]) => [`${label} (${variant})`, run]);
    return variants.map(([variantLabel, run]) => ({ label: variantLabel, run: (db) => run(new Repository(db)) }));
  });
  return { file, calls };
}

const titleRow = (id: number): NewTitle => ({
  id,
  name_en: `Title ${id}`,
  name_ja: `タイトル${id}`,
  magazine_category_id: 1,
  weekday_index: 1,
  published_at: NOW - 7 * DAY_MS,
  created_at: NOW - 7 * DAY_MS,
  updated_at: NOW - 7 * DAY_MS,
});

const episodeRow = (id: number, titleId: number, sortIndex: number): NewEpisode => ({
  id,
  title_id: titleId,
  sort_index: sortIndex,
  name_en: `Episode ${sortIndex}`,
  name_ja: `第${sortIndex}話`,
  point: 30,
  start_at: NOW - DAY_MS,
  scramble_seed: 2_654_435_761,
  created_at: NOW - DAY_MS,
  updated_at: NOW - DAY_MS,
});

const pageRow = (episodeId: number, pageNumber: number): NewPage => ({
  episode_id: episodeId,
  page_number: pageNumber,
  width: 1280,
  height: 1810,
  bytes: 524_288,
  sha256: `${pageNumber}`.padStart(64, '0'),
  media_type: 'image/webp',
  storage_key: `episodes/${episodeId}/pages/${pageNumber}.webp`,
});

/** Repositories in file-name order; each becomes src/queries/<file>.sqlite.sql and .postgres.sql. */
export const sqlSnapshotGroups: readonly SqlSnapshotGroup[] = [
  repositoryCases('database-health', DatabaseHealthRepository, {
    ping: (repository) => repository.ping(),
  }),
  repositoryCases('episode', EpisodeRepository, {
    listEpisodesByIds: (repository) => repository.listEpisodesByIds([100001, 100002], NOW),
    listEpisodesByTitle: (repository) => repository.listEpisodesByTitle(10001, NOW),
    listNextEpisodeStarts: (repository) => repository.listNextEpisodeStarts([10001, 10002], NOW),
    findEpisodeById: (repository) => repository.findEpisodeById(100001),
    countEpisodes: (repository) => repository.countEpisodes(),
    insertEpisodes: (repository) =>
      repository.insertEpisodes([episodeRow(100001, 10001, 1), episodeRow(100002, 10001, 2)]),
    insertPages: (repository) => repository.insertPages([pageRow(100001, 1), pageRow(100001, 2)]),
    listPagesByEpisode: (repository) => repository.listPagesByEpisode(100001),
  }),
  repositoryCases('genre', GenreRepository, {
    listGenres: {
      all: (repository) => repository.listGenres(),
      'by ids': (repository) => repository.listGenres([1, 2]),
    },
    upsertGenres: (repository) =>
      repository.upsertGenres([
        { id: 1, name_en: 'Action', name_ja: 'アクション', image_path: 'genres/1.webp', sort_order: 1 },
        { id: 2, name_en: 'Romance', name_ja: '恋愛', image_path: 'genres/2.webp', sort_order: 2 },
      ]),
  }),
  repositoryCases('magazine', MagazineRepository, {
    listMagazinesByIds: (repository) => repository.listMagazinesByIds([1, 2]),
  }),
  repositoryCases('setting', SettingRepository, {
    findSetting: (repository) => repository.findSetting('maintenance'),
    upsertSetting: (repository) => repository.upsertSetting('maintenance', '{"enabled":false}', NOW),
  }),
  repositoryCases('title', TitleRepository, {
    listTitlesByIds: (repository) => repository.listTitlesByIds([10001, 10002], NOW),
    countTitles: (repository) => repository.countTitles(),
    insertTitles: (repository) => repository.insertTitles([titleRow(10001), titleRow(10002)]),
    insertTitleGenres: (repository) =>
      repository.insertTitleGenres([
        { title_id: 10001, genre_id: 1 },
        { title_id: 10001, genre_id: 2 },
      ]),
    insertAuthors: (repository) =>
      repository.insertAuthors([
        { name_en: 'Aoi Sato', name_ja: '佐藤葵' },
        { name_en: 'Ren Kato', name_ja: '加藤蓮' },
      ]),
    insertTitleAuthors: (repository) =>
      repository.insertTitleAuthors([
        { title_id: 10001, author_id: 1, role: 'story', position: 1 },
        { title_id: 10001, author_id: 2, role: 'art', position: 2 },
      ]),
  }),
  repositoryCases('user', UserRepository, {
    findUserById: (repository) => repository.findUserById(1),
    findHashKeyByUserId: (repository) => repository.findHashKeyByUserId(1),
  }),
];
