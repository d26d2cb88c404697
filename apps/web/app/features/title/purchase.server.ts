import {
  type ApiClient,
  buyEpisode,
  buyEpisodes,
  getAccountPoint,
  getEpisodeStatus,
  listTitleTickets,
  rentEpisodeWithTicket,
  responseCodeOf,
} from '@manga/api-client';
import { MAX_BULK_EPISODES, ResponseCode } from '@manga/contracts';
import { redirect } from 'react-router';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { accessKindOf } from '#app/features/catalogue/episode-access.ts';
import { purchaseDialogHref, purchaseDialogOf, shopPathBackTo } from '#app/features/catalogue/purchase-paths.ts';
import { episodeHref, titleHref } from '#app/features/catalogue/title-view.ts';
import {
  catchUpOf,
  type DialogEpisode,
  PURCHASE_INTENT_FIELD,
  type PurchaseActionResult,
  type PurchaseDialogView,
  PurchaseIntent,
  purchaseIntentOf,
  quotePurchase,
} from './purchase.ts';
import type { EpisodeRowView } from './title-page.ts';

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
      const catchUp = catchUpOf(rows);
      return { kind: 'bulk', catchUp, quote: quotePurchase(point, catchUp.total), shopHref };
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
              nextAt:
                title.own_ticket_num === 0 && title.next_ticket_recover_second > 0
                  ? new Date(now.getTime() + title.next_ticket_recover_second * 1000).toISOString()
                  : undefined,
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

/** A whole positive number from a form field, or undefined. */
function idField(value: FormDataEntryValue | null): number | undefined {
  if (typeof value !== 'string' || !/^[0-9]{1,10}$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

/**
 * The confirmation's form: `intent=buy` (episode_id, check_point: POST /episode/paid),
 * `intent=rent` (episode_id, ticket_type, ticket_version: POST /episode/rental/ticket) or
 * `intent=bulk` (episode_id repeated, paid_point, point_back: POST /episode/paid/bulk). Success
 * opens the episode (the first one of a catch-up); a failure answers its code to the confirmation.
 */
export async function submitPurchase(
  form: FormData,
  api: ApiClient,
  titleId: number,
  forgetSession: () => void,
): Promise<PurchaseActionResult> {
  const intent = purchaseIntentOf(form.get(PURCHASE_INTENT_FIELD));
  if (!intent) return { status: 'failed', intent: PurchaseIntent.Buy, code: ResponseCode.InvalidParameter };
  const invalid = { status: 'failed', intent, code: ResponseCode.InvalidParameter } as const;
  const episodeId = idField(form.get('episode_id'));
  const back =
    intent === PurchaseIntent.Bulk || episodeId === undefined
      ? `${titleHref(titleId)}?bulk=1`
      : purchaseDialogHref(titleId, intent === PurchaseIntent.Buy ? 'buy' : 'rent', episodeId);
  let opens: number;
  try {
    if (intent === PurchaseIntent.Bulk) {
      const ids = form.getAll('episode_id').map(idField);
      const paid = idField(form.get('paid_point'));
      const pointBack = idField(form.get('point_back'));
      if (ids.length === 0 || ids.length > MAX_BULK_EPISODES || paid === undefined || pointBack === undefined)
        return invalid;
      const list = ids.filter((id): id is number => id !== undefined);
      if (list.length !== ids.length) return invalid;
      await buyEpisodes(api, { episode_id_list: list, paid_point: paid, point_back: pointBack });
      opens = list[0] as number;
    } else if (intent === PurchaseIntent.Buy) {
      const checkPoint = idField(form.get('check_point'));
      if (episodeId === undefined || checkPoint === undefined) return invalid;
      await buyEpisode(api, { episode_id: episodeId, check_point: checkPoint });
      opens = episodeId;
    } else {
      const ticketType = idField(form.get('ticket_type'));
      const ticketVersion = idField(form.get('ticket_version'));
      if (episodeId === undefined || ticketType === undefined || ticketVersion === undefined) return invalid;
      await rentEpisodeWithTicket(api, {
        episode_id: episodeId,
        ticket_type: ticketType,
        ticket_version: ticketVersion,
      });
      opens = episodeId;
    }
  } catch (error) {
    const code = responseCodeOf(error);
    onSessionGone(code, forgetSession, back);
    if (code === ResponseCode.ServerMaintenance) handleApiError(error);
    return { status: 'failed', intent, code };
  }
  throw redirect(episodeHref(titleId, opens), 303);
}
