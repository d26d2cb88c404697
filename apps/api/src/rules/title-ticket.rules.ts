// Title tickets as pure functions of time (ADR 014): a reader holds up to `ticket_max` tickets of a
// title; one used ticket comes back every `ticket_recover_seconds` after the recovery clock started
// (when a full stock was first used), until the stock is full again. A reader with no row, or a row
// of an older ticket_version, holds a full stock.

export interface TitleTicketSettings {
  ticket_enabled: number;
  ticket_max: number;
  ticket_recover_seconds: number;
  ticket_rental_seconds: number;
  ticket_version: number;
}

/** The stored state (title_ticket row). */
export interface TitleTicketState {
  own_num: number;
  ticket_version: number;
  last_recovered_at: number;
}

export interface TitleTicketNow {
  own: number;
  /** Start of the running recovery period (the last recovery). */
  lastRecoveredAt: number;
  /** When the next ticket comes back; null when the stock is full (or never recovers). */
  nextRecoverAt: number | null;
}

/** K MANGA's captured values (wire §3.4): 1 ticket, back after 23 h, rents for 72 h. */
export const TITLE_TICKET_DEFAULTS = { ticket_max: 1, ticket_recover_seconds: 82_800, ticket_rental_seconds: 259_200 };
/** Premium tickets rent for 72 h, like the captured premium_ticket_info. */
export const PREMIUM_TICKET_RENTAL_SECONDS = 259_200;

/** Whether the title offers title tickets at all. */
export function hasTitleTickets(settings: TitleTicketSettings): boolean {
  return settings.ticket_enabled === 1 && settings.ticket_max > 0 && settings.ticket_rental_seconds > 0;
}

export function titleTicketNow(
  settings: TitleTicketSettings,
  state: TitleTicketState | undefined,
  now: number,
): TitleTicketNow {
  const max = Math.max(0, settings.ticket_max);
  if (!state || state.ticket_version !== settings.ticket_version) {
    return { own: max, lastRecoveredAt: now, nextRecoverAt: null };
  }
  const held = Math.min(Math.max(0, state.own_num), max);
  const period = settings.ticket_recover_seconds * 1000;
  if (held >= max || period <= 0) return { own: held, lastRecoveredAt: state.last_recovered_at, nextRecoverAt: null };
  const recovered = Math.max(0, Math.floor((now - state.last_recovered_at) / period));
  const own = Math.min(max, held + recovered);
  const lastRecoveredAt = state.last_recovered_at + recovered * period;
  return { own, lastRecoveredAt, nextRecoverAt: own >= max ? null : lastRecoveredAt + period };
}

/** The state after using one ticket now, or undefined when none is held. */
export function useTitleTicket(
  settings: TitleTicketSettings,
  state: TitleTicketState | undefined,
  now: number,
): TitleTicketState | undefined {
  const current = titleTicketNow(settings, state, now);
  if (current.own < 1) return undefined;
  // A full stock starts its recovery clock with this use; a recovering one keeps its clock.
  const clockStart = current.nextRecoverAt === null ? now : current.lastRecoveredAt;
  return { own_num: current.own - 1, ticket_version: settings.ticket_version, last_recovered_at: clockStart };
}

/** Whole seconds until the next ticket comes back (0 when none is coming). */
export function secondsUntilRecovery(current: TitleTicketNow, now: number): number {
  return current.nextRecoverAt === null ? 0 : Math.max(0, Math.ceil((current.nextRecoverAt - now) / 1000));
}
