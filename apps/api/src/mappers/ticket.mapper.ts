// Ticket movements of /account/ticket/flow (ADR 014) in their wire shape.

import type { Locale } from '@manga/contracts';
import { formatWireDateTime, type TicketMovement } from '@manga/contracts';
import { localized } from '#src/mappers/render-context.mapper.ts';
import type { EpisodeLabelRow } from '#src/repositories/purchase.repository.ts';
import type { TicketMovementRow } from '#src/repositories/ticket.repository.ts';

export function toTicketMovementResponse(
  row: TicketMovementRow,
  episode: EpisodeLabelRow | undefined,
  ctx: { locale: Locale; timeZone: string },
): TicketMovement {
  const time = (at: number | null) => (at === null ? null : formatWireDateTime(new Date(at), ctx.timeZone));
  return {
    event: row.event,
    ticket_kind: row.ticket_kind === 'title' ? 'title' : 'premium',
    ticket_num: row.event === 'granted' ? 1 : -1,
    source: row.source,
    title_id: episode?.title_id ?? null,
    title_name: episode ? localized(episode.title_name_en, episode.title_name_ja, ctx.locale) : '',
    episode_id: row.episode_id,
    episode_name: episode ? localized(episode.name_en, episode.name_ja, ctx.locale) : '',
    event_time: formatWireDateTime(new Date(row.event_at), ctx.timeZone),
    expire_time: time(row.expires_at),
    rental_finish_time: time(row.rental_finish_at),
  };
}
