// Followed titles (ADR 017): a logged-in reader follows and unfollows titles (at most
// MAX_FAVORITE_NUM), lists them with what came out since they last opened each one (the "new
// chapter" badge of /my), and sees `favorite_status` 1 on the Titles they follow. The rule of
// "new" is favorite.rules.ts; this service owns the limit and who may do what.
import {
  FavoriteStatus,
  type FavoriteTitle,
  formatWireDateTime,
  MAX_FAVORITE_NUM,
  parseWireDateTime,
  ResponseCode,
  type Title,
} from '@manga/contracts';
import type { FavoriteTitleRow } from '#src/repositories/favorite.repository.ts';
import { type RequestAuth, requireActiveUser, requireLogin } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { type FavoriteTimes, isReleasedSince } from '#src/rules/favorite.rules.ts';
import type { Paging } from '#src/rules/paging.rules.ts';
import type { CatalogueContext, CatalogueService } from '#src/services/catalogue.service.ts';

export interface FavoriteStore {
  listFavoriteTitles(userId: number, limit: number, offset: number, now: number): Promise<FavoriteTitleRow[]>;
  countFavoriteTitles(userId: number): Promise<number>;
  listFavoriteTitleIds(userId: number, titleIds: readonly number[]): Promise<number[]>;
  insertFavoriteTitle(userId: number, titleId: number, now: number, max: number): Promise<boolean>;
  deleteFavoriteTitle(userId: number, titleId: number): Promise<void>;
}

export interface FavoriteServiceDeps {
  favorites: FavoriteStore;
  catalogue: Pick<CatalogueService, 'listTitles'>;
  clock: { now(): number };
}

/** The window of the list a `limit` / `offset` asks for; `limit=0` (wire §3.5) or none is all of them. */
export function favoriteWindow(paging: Paging): { limit: number; offset: number } {
  const offset = Math.min(paging.offset ?? 0, MAX_FAVORITE_NUM);
  const asked = paging.limit === undefined || paging.limit === 0 ? MAX_FAVORITE_NUM : paging.limit;
  return { limit: Math.min(asked, MAX_FAVORITE_NUM - offset), offset };
}

export class FavoriteService {
  constructor(
    private readonly deps: FavoriteServiceDeps,
    private readonly options: { timeZone: string },
  ) {}

  /** GET /favorite/list: most recently followed first, with what is new in each. */
  async listFavoriteTitles(
    auth: RequestAuth,
    query: Paging & { needs_title_list?: number },
    context: CatalogueContext,
  ) {
    const user = requireLogin(auth);
    const now = this.deps.clock.now();
    const { limit, offset } = favoriteWindow(query);
    const [rows, count] = await Promise.all([
      limit > 0 ? this.deps.favorites.listFavoriteTitles(user.userId, limit, offset, now) : [],
      this.deps.favorites.countFavoriteTitles(user.userId),
    ]);
    const titles = await this.deps.catalogue.listTitles(
      rows.map((row) => row.title_id),
      context,
    );
    const titleById = new Map(titles.map((title) => [title.title_id, title]));
    const shown = rows.flatMap((row) => {
      const title = titleById.get(row.title_id);
      return title ? [{ row, title: { ...title, favorite_status: FavoriteStatus.Favorite } }] : [];
    });
    return {
      favorite_title_list: shown.map(({ row, title }) => this.toFavoriteTitle(row, title)),
      title_list: query.needs_title_list === 0 ? [] : shown.map(({ title }) => title),
      favorite_num: count,
      max_favorite_num: MAX_FAVORITE_NUM,
    };
  }

  /** POST /favorite/add: follows a published title; following it again changes nothing. */
  async addFavoriteTitle(auth: RequestAuth, titleId: number, context: CatalogueContext) {
    const user = requireActiveUser(auth);
    const [title] = await this.deps.catalogue.listTitles([titleId], context);
    if (!title) throw new DomainError(ResponseCode.TitleNotFound);
    const added = await this.deps.favorites.insertFavoriteTitle(
      user.userId,
      titleId,
      this.deps.clock.now(),
      MAX_FAVORITE_NUM,
    );
    if (!added) {
      const [followed] = await this.deps.favorites.listFavoriteTitleIds(user.userId, [titleId]);
      if (followed === undefined) throw new DomainError(ResponseCode.FavoriteLimitOver);
    }
    return this.statusOf(user.userId, titleId, FavoriteStatus.Favorite);
  }

  /** POST /favorite/delete: unfollows a title (nothing when the reader does not follow it). */
  async deleteFavoriteTitle(auth: RequestAuth, titleId: number) {
    const user = requireLogin(auth);
    await this.deps.favorites.deleteFavoriteTitle(user.userId, titleId);
    return this.statusOf(user.userId, titleId, FavoriteStatus.None);
  }

  /** GET /title/list: the catalogue's Titles with the caller's `favorite_status`. */
  async listTitles(auth: RequestAuth, titleIds: readonly number[], context: CatalogueContext): Promise<Title[]> {
    return this.withFavoriteStatus(auth, await this.deps.catalogue.listTitles(titleIds, context));
  }

  /**
   * The Titles with the caller's `favorite_status` (1 on those they follow). Title objects are the
   * same for every reader (cached); the status is laid over them per request.
   */
  async withFavoriteStatus(auth: RequestAuth, titles: Title[]): Promise<Title[]> {
    if (!auth.user || titles.length === 0) return titles;
    const followed = new Set(
      await this.deps.favorites.listFavoriteTitleIds(
        auth.user.userId,
        titles.map((title) => title.title_id),
      ),
    );
    return titles.map((title) =>
      followed.has(title.title_id) ? { ...title, favorite_status: FavoriteStatus.Favorite } : title,
    );
  }

  private async statusOf(userId: number, titleId: number, favoriteStatus: number) {
    return {
      title_id: titleId,
      favorite_status: favoriteStatus,
      favorite_num: await this.deps.favorites.countFavoriteTitles(userId),
    };
  }

  private toFavoriteTitle(row: FavoriteTitleRow, title: Title): FavoriteTitle {
    const { timeZone } = this.options;
    const times: FavoriteTimes = { followedAt: Number(row.created_at), lastViewedAt: nullableNumber(row.viewed_at) };
    const latestFreeAt = parseWireDateTime(title.episode_free_updated, timeZone)?.getTime() ?? null;
    const latestAt = nullableNumber(row.latest_released_at);
    // Wire times have whole seconds: the latest chapter is the free one when they fall in the same second.
    const paidIsLatest =
      latestAt !== null && (latestFreeAt === null || Math.floor(latestAt / 1000) * 1000 > latestFreeAt);
    return {
      title_id: row.title_id,
      paid_episode_updated: paidIsLatest ? formatWireDateTime(new Date(latestAt), timeZone) : null,
      free_episode_updated: title.episode_free_updated,
      purchase_status: 0,
      ticket_recover_time: null,
      is_unread_free_episode: isReleasedSince(latestFreeAt, times) ? 1 : 0,
      is_unread_episode: isReleasedSince(latestAt, times) ? 1 : 0,
      favorite_time: formatWireDateTime(new Date(Number(row.created_at)), timeZone),
    };
  }
}

/** bigint columns and aggregates come back as strings from some drivers. */
function nullableNumber(value: number | string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}
