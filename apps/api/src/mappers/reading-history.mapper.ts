// The reading history on the wire (ADR 016): a ViewedTitle per title of a reader's history.
import { formatWireDateTime, type ViewedTitle } from '@manga/contracts';
import type { ViewedTitleRow } from '#src/repositories/reading-history.repository.ts';

export function toViewedTitleResponse(row: ViewedTitleRow, timeZone: string): ViewedTitle {
  return {
    title_id: row.title_id,
    episode_id: row.episode_id,
    page: Math.min(Number(row.last_page), row.page_count),
    page_count: row.page_count,
    is_finished: row.finished_at === null ? 0 : 1,
    viewed_time: formatWireDateTime(new Date(Number(row.viewed_at)), timeZone),
    device_name: Number(row.last_page) > 0 ? row.last_device : '',
    page_time:
      Number(row.last_page) > 0 && row.page_left_at !== null
        ? formatWireDateTime(new Date(Number(row.page_left_at)), timeZone)
        : null,
  };
}
