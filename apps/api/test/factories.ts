// Builders with defaults plus overrides (architecture habit 7). `factory.x()` returns an Insertable row
// without touching the database; `insertX(db, overrides)` inserts one and returns the stored row.
// Ids, names and e-mail addresses are unique within the process (one test file per database).
// Generated ids start high (titles 50001, episodes 500001, genres 1001) so that ids a test picks by
// hand, such as the wire genre ids 1–16 or a title 10001, never collide with generated ones.
import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  AuthorTable,
  Database,
  EpisodeRow,
  GenreRow,
  GenreTable,
  NewEpisode,
  NewPage,
  NewTitle,
  PageRow,
  TitleRow,
  UserRow,
  UserTable,
} from '#src/db/schema.ts';

/** The instant factories use for timestamps: 2026-01-01T00:00:00Z. Released episodes start before it. */
export const TEST_NOW = Date.UTC(2026, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;

const sequences = new Map<string, number>();

/** Next value of a named sequence, starting after `start`. */
function next(name: string, start = 0): number {
  const value = (sequences.get(name) ?? start) + 1;
  sequences.set(name, value);
  return value;
}

export type NewGenre = Insertable<GenreTable>;
export type NewUser = Insertable<UserTable>;
export type NewAuthor = Insertable<AuthorTable>;
export type AuthorRow = Selectable<AuthorTable>;

type EpisodeOverrides = Partial<NewEpisode> & Pick<NewEpisode, 'title_id'>;
type PageOverrides = Partial<NewPage> & Pick<NewPage, 'episode_id'>;

export const factory = {
  /** A title with a unique 5-digit id, published a week before TEST_NOW. */
  title(overrides: Partial<NewTitle> = {}): NewTitle {
    const id = overrides.id ?? next('title', 50_000);
    return {
      id,
      name_en: `Title ${id}`,
      name_ja: `タイトル${id}`,
      published_at: TEST_NOW - 7 * DAY_MS,
      created_at: TEST_NOW - 7 * DAY_MS,
      updated_at: TEST_NOW - 7 * DAY_MS,
      ...overrides,
    };
  },

  /** A free episode of `title_id`, released a day before TEST_NOW, ordered after earlier ones. */
  episode(overrides: EpisodeOverrides): NewEpisode {
    const id = overrides.id ?? next('episode', 500_000);
    return {
      id,
      sort_index: overrides.sort_index ?? next(`episode.sort_index.${overrides.title_id}`),
      name_en: `Episode ${id}`,
      name_ja: `第${id}話`,
      start_at: TEST_NOW - DAY_MS,
      scramble_seed: randomBytes(4).readUInt32BE() || 1,
      created_at: TEST_NOW - DAY_MS,
      updated_at: TEST_NOW - DAY_MS,
      ...overrides,
    };
  },

  /** The next page (1-based) of `episode_id`. */
  page(overrides: PageOverrides): NewPage {
    const pageNumber = overrides.page_number ?? next(`page.page_number.${overrides.episode_id}`);
    const sha256 = randomBytes(32).toString('hex');
    return {
      page_number: pageNumber,
      width: 1024,
      height: 1472,
      bytes: 200_000,
      sha256,
      media_type: 'image/webp',
      storage_key: `episodes/${overrides.episode_id}/${pageNumber}-${sha256.slice(0, 8)}.webp`,
      ...overrides,
    };
  },

  genre(overrides: Partial<NewGenre> = {}): NewGenre {
    const id = overrides.id ?? next('genre', 1_000);
    return { id, name_en: `Genre ${id}`, name_ja: `ジャンル${id}`, sort_order: id, ...overrides };
  },

  author(overrides: Partial<NewAuthor> = {}): NewAuthor {
    const n = next('author');
    return { name_en: `Author ${n}`, name_ja: `作者${n}`, ...overrides };
  },

  /** A registered web user with a unique e-mail address. */
  user(overrides: Partial<NewUser> = {}): NewUser {
    const n = next('user');
    return {
      email: `user${n}-${randomBytes(3).toString('hex')}@example.test`,
      hash_key: randomBytes(16).toString('hex'),
      created_at: TEST_NOW - 30 * DAY_MS,
      updated_at: TEST_NOW - 30 * DAY_MS,
      ...overrides,
    };
  },
};

export async function insertTitle(db: Kysely<Database>, overrides: Partial<NewTitle> = {}): Promise<TitleRow> {
  return db.insertInto('title').values(factory.title(overrides)).returningAll().executeTakeFirstOrThrow();
}

export async function insertEpisode(db: Kysely<Database>, overrides: EpisodeOverrides): Promise<EpisodeRow> {
  return db.insertInto('episode').values(factory.episode(overrides)).returningAll().executeTakeFirstOrThrow();
}

export async function insertPage(db: Kysely<Database>, overrides: PageOverrides): Promise<PageRow> {
  return db.insertInto('page').values(factory.page(overrides)).returningAll().executeTakeFirstOrThrow();
}

export async function insertGenre(db: Kysely<Database>, overrides: Partial<NewGenre> = {}): Promise<GenreRow> {
  return db.insertInto('genre').values(factory.genre(overrides)).returningAll().executeTakeFirstOrThrow();
}

export async function insertAuthor(db: Kysely<Database>, overrides: Partial<NewAuthor> = {}): Promise<AuthorRow> {
  return db.insertInto('author').values(factory.author(overrides)).returningAll().executeTakeFirstOrThrow();
}

export async function insertUser(db: Kysely<Database>, overrides: Partial<NewUser> = {}): Promise<UserRow> {
  return db.insertInto('user').values(factory.user(overrides)).returningAll().executeTakeFirstOrThrow();
}
