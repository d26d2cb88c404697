import { type Episode, EpisodeBadge } from '@manga/contracts';

// How an episode row reads on the title page (WIRE.md §3.1 `badge`): free, paid with its price,
// rented with the time left, or purchased. Prepared on the server; the UI only translates.

/** Wire date-times ("YYYY-MM-DD HH:MM:SS") are in the wire time zone, Asia/Tokyo by default (UTC+9). */
const WIRE_UTC_OFFSET = '+09:00';

/** A wire date-time as an instant, or undefined when it is not one. */
export function parseWireDateTime(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(`${match[1]}T${match[2]}${WIRE_UTC_OFFSET}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The largest whole unit of a duration, at least one minute: what "time left" shows. */
export type TimeLeft = { unit: 'days' | 'hours' | 'minutes'; count: number };

export function timeLeft(ms: number): TimeLeft {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes >= 24 * 60) return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
  if (minutes >= 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'minutes', count: minutes };
}

export type EpisodeAccess =
  | { kind: 'free' }
  | { kind: 'purchased' }
  | { kind: 'rented'; left: TimeLeft }
  | { kind: 'paid'; point: number; ticket: boolean };

/**
 * The access state of an episode for the caller. A rental whose finish time has passed is paid
 * again; a "must buy" episode priced 0 is free (clients treat point 0 as free).
 */
export function episodeAccess(episode: Episode, now: Date): EpisodeAccess {
  if (episode.badge === EpisodeBadge.Purchased) return { kind: 'purchased' };
  const finish = parseWireDateTime(episode.rental_finish_time);
  if (finish && finish.getTime() > now.getTime())
    return { kind: 'rented', left: timeLeft(finish.getTime() - now.getTime()) };
  if (episode.badge === EpisodeBadge.Free || episode.point <= 0) return { kind: 'free' };
  return { kind: 'paid', point: episode.point, ticket: episode.ticket_rental_enabled === 1 };
}

/** Whether the reader opens the episode right away (WIRE.md §3.1: locked = paid and neither bought nor rented). */
export function isReadable(access: EpisodeAccess): boolean {
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
