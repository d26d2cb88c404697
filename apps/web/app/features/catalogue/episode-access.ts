import { type Episode, EpisodeBadge, parseWireDateTime } from '@manga/contracts';

// How an episode reads on the title page and in the reader. The API decides whether an episode is
// open (its `badge`, wire §3.1: 1 must buy, 2 free, 3 purchased, 4 rented); the web only shows
// that answer, with the price of a locked episode and the time a rental has left.

/** The largest whole unit of a duration, at least one minute: what "time left" shows. */
export type TimeLeft = { unit: 'days' | 'hours' | 'minutes'; count: number };

export function timeLeft(ms: number): TimeLeft {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes >= 24 * 60) return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
  if (minutes >= 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'minutes', count: minutes };
}

/** What a badge means to the reader; any badge the web does not know reads as locked. */
export type AccessKind = 'free' | 'purchased' | 'rented' | 'paid';

export function accessKindOf(badge: number): AccessKind {
  switch (badge) {
    case EpisodeBadge.Free:
      return 'free';
    case EpisodeBadge.Purchased:
      return 'purchased';
    case EpisodeBadge.Rented:
      return 'rented';
    default:
      return 'paid';
  }
}

export type EpisodeAccess =
  | { kind: 'free' }
  | { kind: 'purchased' }
  /** `left` and `until` (the finish as an ISO instant, for a live countdown) are missing when the API sends no finish time. */
  | { kind: 'rented'; left: TimeLeft | undefined; until?: string }
  | { kind: 'paid'; point: number; ticket: boolean };

/** The access state the API gave an episode, with its price or the rental's time left (wire times in `timeZone`). */
export function episodeAccess(episode: Episode, now: Date, timeZone: string): EpisodeAccess {
  const kind = accessKindOf(episode.badge);
  switch (kind) {
    case 'free':
    case 'purchased':
      return { kind };
    case 'rented': {
      const finish = parseWireDateTime(episode.rental_finish_time, timeZone);
      return finish
        ? { kind, left: timeLeft(finish.getTime() - now.getTime()), until: finish.toISOString() }
        : { kind, left: undefined };
    }
    case 'paid':
      return { kind, point: episode.point, ticket: episode.ticket_rental_enabled === 1 };
  }
}

/** Whether the reader opens the episode right away: anything the API did not mark as must-buy. */
export function isReadable(access: { kind: AccessKind }): boolean {
  return access.kind !== 'paid';
}

export type EpisodeSortOrder = 'asc' | 'desc';

/** `?sort=` of the title page: oldest first (asc) or newest first (desc, the default). */
export function episodeSortOrder(raw: string | null): EpisodeSortOrder {
  return raw === 'asc' ? 'asc' : 'desc';
}

export function sortEpisodes<T extends { index: number }>(episodes: readonly T[], order: EpisodeSortOrder): T[] {
  const sorted = [...episodes].sort((a, b) => a.index - b.index);
  return order === 'asc' ? sorted : sorted.reverse();
}
