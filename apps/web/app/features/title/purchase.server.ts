import { type ApiClient, getAccountPoint, getEpisodeStatus, listTitleTickets, responseCodeOf } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { redirect } from 'react-router';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { accessKindOf } from '#app/features/catalogue/episode-access.ts';
import {
  type CatchUp,
  catchUpInRange,
  type DialogEpisode,
  type PurchaseDialogView,
  quotePurchase,
} from '#app/features/catalogue/purchase.ts';
import { purchaseDialogOf, shopPathBackTo } from '#app/features/catalogue/purchase-paths.ts';
import type { EpisodeRowView } from './title-page.ts';
import { nextTitleTicketAt } from './title-ticket.ts';

/** A session the API no longer knows: forget it (`forgetSession`) and log in again, coming back to `back`. */
function onSessionGone(code: number, forgetSession: () => void, back: string): void {
  if (!isSessionGone(code)) return;
  forgetSession();
  throw redirect(loginPathFor(back));
}

function dialogEpisode(row: EpisodeRowView): DialogEpisode {
  return { id: row.id, index: row.index, name: row.name, href: row.href };
}

/**
 * The confirmation a title page URL asks for (`?buy=`, `?rent=`, `?bulk=1`), with the reader's
 * wallet: GET /episode/status for one episode (its badge, current price and the balances),
 * GET /account/point for the catch-up, GET /title/ticket/list for a rental. A visitor is sent to
 * log in first and comes back to the same confirmation.
 */
export async function loadPurchaseDialog(
  api: ApiClient,
  url: URL,
  titleId: number,
  rows: readonly EpisodeRowView[],
  catchUp: CatchUp,
  { isLoggedIn, now, forgetSession }: { isLoggedIn: boolean; now: Date; forgetSession: () => void },
): Promise<PurchaseDialogView | undefined> {
  const request = purchaseDialogOf(
    url.searchParams,
    rows.map((row) => row.id),
  );
  if (!request) return undefined;
  const here = `${url.pathname}${url.search}`;
  if (!isLoggedIn) throw redirect(loginPathFor(here));
  const shopHref = shopPathBackTo(here);
  try {
    if (request.kind === 'bulk') {
      const { point } = await getAccountPoint(api);
      const chosen = catchUpInRange(catchUp, { from: request.from, to: request.to });
      const range = {
        from: chosen.episodes[0]?.index ?? 0,
        to: chosen.episodes[chosen.episodes.length - 1]?.index ?? 0,
      };
      return {
        kind: 'bulk',
        all: catchUp,
        catchUp: chosen,
        range,
        quote: quotePurchase(point, chosen.total),
        shopHref,
      };
    }
    const row = rows.find((candidate) => candidate.id === request.episodeId);
    if (!row) return undefined;
    const [status, ticketList] = await Promise.all([
      getEpisodeStatus(api, { episode_id: row.id }),
      request.kind === 'rent' ? listTitleTickets(api, { title_id_list: [titleId] }) : undefined,
    ]);
    const tickets = ticketList?.title_ticket_list.find((entry) => entry.title_id === titleId)?.ticket_info;
    const episode = dialogEpisode(row);
    if (accessKindOf(status.badge) !== 'paid') return { kind: 'open', episode };
    if (request.kind === 'buy') {
      const quote = quotePurchase(status, status.point);
      return {
        kind: 'buy',
        episode,
        // The API's is_purchasable also says "enough points": a short wallet is told apart (and
        // offered the shop) when the episode is otherwise sold on its own.
        purchasable: status.is_purchasable === 1 || (quote.spend === undefined && row.singleSale),
        bonusPoint: row.bonusPoint,
        quote,
        shopHref,
      };
    }
    // A ticket's option shows when the API lists the episode as one tickets rent (even with none
    // in hand: then when the next title ticket comes); `is_*_ticket_rentable` says "right now".
    const target = tickets?.target_episode_id_list.includes(row.id) ?? false;
    const title = tickets?.title_ticket_info;
    const premium = tickets?.premium_ticket_info;
    return {
      kind: 'rent',
      episode,
      title:
        title && (target || status.is_title_ticket_rentable === 1)
          ? {
              own: title.own_ticket_num,
              max: title.max_ticket_num,
              ticketType: title.ticket_type,
              ticketVersion: title.ticket_version,
              rentalSeconds: title.rental_second,
              nextAt: nextTitleTicketAt(title, now),
            }
          : undefined,
      premium:
        premium && (target || status.is_premium_ticket_rentable === 1)
          ? { own: premium.own_ticket_num, ticketType: premium.ticket_type, rentalSeconds: premium.rental_second }
          : undefined,
      renderedAt: now.toISOString(),
    };
  } catch (error) {
    const code = responseCodeOf(error);
    onSessionGone(code, forgetSession, here);
    if (code === ResponseCode.ServerMaintenance) handleApiError(error);
    return { kind: 'failed', code };
  }
}
