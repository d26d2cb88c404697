// The purchase forms (issue 10, ADR 014): the title page's confirmations and the locked reader
// (issue 24 item 7, ADR 050) buy, rent and catch up through this one action.
import { type ApiClient, buyEpisode, buyEpisodes, rentEpisodeWithTicket, responseCodeOf } from '@manga/api-client';
import { MAX_BULK_EPISODES, ResponseCode } from '@manga/contracts';
import { redirect } from 'react-router';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { PURCHASE_INTENT_FIELD, type PurchaseActionResult, PurchaseIntent, purchaseIntentOf } from './purchase.ts';
import { purchaseDialogHref } from './purchase-paths.ts';
import { episodeHref, titleHref } from './title-view.ts';

/** A session the API no longer knows: forget it (`forgetSession`) and log in again, coming back to `back`. */
function onSessionGone(code: number, forgetSession: () => void, back: string): void {
  if (!isSessionGone(code)) return;
  forgetSession();
  throw redirect(loginPathFor(back));
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
 * From the locked reader (`readerHere`: its path and query, issue 24 item 7) success and a lost
 * session both come back to that very page, so the chapter opens where the reader already is.
 */
export async function submitPurchase(
  form: FormData,
  api: ApiClient,
  titleId: number,
  forgetSession: () => void,
  readerHere?: string,
): Promise<PurchaseActionResult> {
  const intent = purchaseIntentOf(form.get(PURCHASE_INTENT_FIELD));
  if (!intent) return { status: 'failed', intent: PurchaseIntent.Buy, code: ResponseCode.InvalidParameter };
  const invalid = { status: 'failed', intent, code: ResponseCode.InvalidParameter } as const;
  const episodeId = idField(form.get('episode_id'));
  const back =
    readerHere ??
    (intent === PurchaseIntent.Bulk || episodeId === undefined
      ? `${titleHref(titleId)}?bulk=1`
      : purchaseDialogHref(titleId, intent === PurchaseIntent.Buy ? 'buy' : 'rent', episodeId));
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
  throw redirect(readerHere ?? episodeHref(titleId, opens), 303);
}
