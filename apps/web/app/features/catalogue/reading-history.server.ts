import { type ApiClient, getViewedTitleProgress, listViewedTitles } from '@manga/api-client';
import {
  parseWireDateTime,
  READING_HISTORY_LIMIT,
  type TitleViewedListResponse,
  type ViewedTitle,
} from '@manga/contracts';
import { toPublicImageUrl } from '#app/api.server.ts';
import { env } from '#app/env.server.ts';
import { optionalCall } from './optional-call.ts';
import { type ContinueReading, continueReading, type HistoryEntryView, toHistoryEntries } from './reading-history.ts';

/** GET /title/viewed/list as history entries (at most product §9's 20 titles). */
export async function loadReadingHistory(api: ApiClient, limit = READING_HISTORY_LIMIT): Promise<HistoryEntryView[]> {
  return historyEntriesOf(await listViewedTitles(api, { limit }));
}

/** GET /title/viewed/list's answer as history entries. */
export function historyEntriesOf(answer: TitleViewedListResponse): HistoryEntryView[] {
  return toHistoryEntries(answer, {
    toImageUrl: toPublicImageUrl,
    parseTime: (wire) => parseWireDateTime(wire, env.wireTimeZone),
  });
}

/** The history for a page that goes on without it (the top page): [] when the call fails. */
export async function loadReadingHistoryOrNothing(api: ApiClient, limit: number): Promise<HistoryEntryView[]> {
  return (await optionalCall(loadReadingHistory(api, limit), 'GET /title/viewed/list', 'the page')) ?? [];
}

/** Where a logged-in reader is in a title (GET /title/viewed/progress), or undefined. */
export async function loadTitleProgress(
  api: ApiClient,
  titleId: number,
  episodeIds: readonly number[],
): Promise<ContinueReading | undefined> {
  const answer = await optionalCall(
    getViewedTitleProgress(api, { title_id: titleId }),
    'GET /title/viewed/progress',
    '"continue reading"',
  );
  return titleProgressOf(answer?.viewed_title ?? null, titleId, episodeIds);
}

/** The "continue reading" of the title from the API's `viewed_title` (null: never read). */
export function titleProgressOf(
  viewed: ViewedTitle | null,
  titleId: number,
  episodeIds: readonly number[],
): ContinueReading | undefined {
  if (!viewed) return undefined;
  return continueReading(
    {
      titleId,
      episodeId: viewed.episode_id,
      page: viewed.page,
      pageCount: viewed.page_count,
      finished: viewed.is_finished === 1,
    },
    episodeIds,
  );
}
