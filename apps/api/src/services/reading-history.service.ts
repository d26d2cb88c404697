// The reading history of a logged-in reader (product §2 /my/history, §7 /title/viewed/*, ADR 016):
// the titles read last, at most READING_HISTORY_LIMIT of them (product §9), each with the chapter and
// page to continue from, on every device of the account; deleting one title or all of them forgets
// the pages reached there too.
import { READING_HISTORY_LIMIT } from '@manga/contracts';
import { toViewedTitleResponse } from '#src/mappers/reading-history.mapper.ts';
import type { ViewedTitleRow } from '#src/repositories/reading-history.repository.ts';
import { type RequestAuth, requireLogin } from '#src/rules/auth.rules.ts';
import type { Paging } from '#src/rules/paging.rules.ts';
import type { CatalogueService, EpisodeListContext } from '#src/services/catalogue.service.ts';

export interface ReadingHistoryStore {
  listViewedTitles(userId: number, limit: number, offset: number): Promise<ViewedTitleRow[]>;
  findViewedTitle(userId: number, titleId: number): Promise<ViewedTitleRow | undefined>;
  deleteViewedTitle(userId: number, titleId: number): Promise<void>;
  deleteAllViewedTitles(userId: number): Promise<void>;
}

export interface ReadingHistoryServiceDeps {
  history: ReadingHistoryStore;
  catalogue: Pick<CatalogueService, 'listTitles' | 'listEpisodes'>;
}

/** The window of the history a `limit` / `offset` asks for, inside the most recent READING_HISTORY_LIMIT titles. */
export function historyWindow(paging: Paging): { limit: number; offset: number } {
  const offset = Math.min(paging.offset ?? 0, READING_HISTORY_LIMIT);
  const limit = Math.min(paging.limit ?? READING_HISTORY_LIMIT, READING_HISTORY_LIMIT - offset);
  return { limit, offset };
}

export class ReadingHistoryService {
  constructor(
    private readonly deps: ReadingHistoryServiceDeps,
    private readonly options: { timeZone: string },
  ) {}

  /**
   * GET /title/viewed/list: most recent first, with each title and its last-read episode (the
   * reader's badges); titles or episodes no longer published are left out.
   */
  async listViewedTitles(auth: RequestAuth, paging: Paging, context: EpisodeListContext) {
    const user = requireLogin(auth);
    const { limit, offset } = historyWindow(paging);
    const rows = limit > 0 ? await this.deps.history.listViewedTitles(user.userId, limit, offset) : [];
    const [titles, episodes] = await Promise.all([
      this.deps.catalogue.listTitles(
        rows.map((row) => row.title_id),
        context,
      ),
      this.deps.catalogue.listEpisodes(
        rows.map((row) => row.episode_id),
        context,
      ),
    ]);
    const titleById = new Map(titles.map((title) => [title.title_id, title]));
    const episodeById = new Map(episodes.map((episode) => [episode.episode_id, episode]));
    const shown = rows.filter((row) => titleById.has(row.title_id) && episodeById.has(row.episode_id));
    return {
      viewed_title_list: shown.map((row) => toViewedTitleResponse(row, this.options.timeZone)),
      title_list: shown.flatMap((row) => titleById.get(row.title_id) ?? []),
      episode_list: shown.flatMap((row) => episodeById.get(row.episode_id) ?? []),
    };
  }

  /** GET /title/viewed/progress (ours): where the reader is in one title, null when it is not in the history. */
  async getViewedTitle(auth: RequestAuth, titleId: number) {
    const user = requireLogin(auth);
    const row = await this.deps.history.findViewedTitle(user.userId, titleId);
    return { viewed_title: row ? toViewedTitleResponse(row, this.options.timeZone) : null };
  }

  /** POST /title/viewed/delete: forgets one title of the reader's own history (nothing when it is not there). */
  async deleteViewedTitle(auth: RequestAuth, titleId: number): Promise<Record<string, never>> {
    const user = requireLogin(auth);
    await this.deps.history.deleteViewedTitle(user.userId, titleId);
    return {};
  }

  /** POST /title/viewed/delete/all */
  async deleteAllViewedTitles(auth: RequestAuth): Promise<Record<string, never>> {
    const user = requireLogin(auth);
    await this.deps.history.deleteAllViewedTitles(user.userId);
    return {};
  }
}
