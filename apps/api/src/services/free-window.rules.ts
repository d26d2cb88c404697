// Which released episodes are free right now (issue 4: free windows are data on the title, not code).
import type { Millis } from '#src/db/schema.ts';

export interface FreeWindowTitle {
  free_first_count: number;
  free_latest_count: number;
  free_until_at: Millis | null;
}

export interface FreeWindowEpisode {
  point: number;
  free_until_at: Millis | null;
}

/**
 * @param position 0-based position of the episode among the title's released episodes (by sort_index)
 * @param releasedCount how many episodes of the title are released
 */
export function isEpisodeFree(
  episode: FreeWindowEpisode,
  title: FreeWindowTitle,
  position: number,
  releasedCount: number,
  now: Millis,
): boolean {
  if (episode.point <= 0) return true;
  if (title.free_until_at !== null && now < title.free_until_at) return true;
  if (episode.free_until_at !== null && now < episode.free_until_at) return true;
  if (position < title.free_first_count) return true;
  return position >= releasedCount - title.free_latest_count;
}
