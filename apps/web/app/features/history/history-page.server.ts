import { deleteAllViewedTitles, deleteViewedTitle, responseCodeOf } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { type RouterContextProvider, redirect } from 'react-router';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { accountErrorCode, clearSessionCookie, isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { loadReadingHistory } from '#app/features/catalogue/reading-history.server.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import {
  CONFIRM_CLEAR,
  CONFIRM_PARAM,
  HISTORY_PATH,
  type HistoryActionResult,
  type HistoryPageData,
} from './history-page.ts';

type Context = Readonly<RouterContextProvider>;

/** A dead session logs out and asks to log in again, coming back here. */
function onSessionGone(error: unknown, context: Context): void {
  if (!isSessionGone(responseCodeOf(error))) return;
  clearSessionCookie(visitorOf(context));
  throw redirect(loginPathFor(HISTORY_PATH));
}

/** GET /title/viewed/list: the reader's titles, newest first. */
export async function loadHistoryPage(request: Request, context: Context, url: URL): Promise<HistoryPageData> {
  try {
    const entries = await loadReadingHistory(apiFor(request, context));
    return { entries, confirmClear: url.searchParams.get(CONFIRM_PARAM) === CONFIRM_CLEAR && entries.length > 0 };
  } catch (error) {
    onSessionGone(error, context);
    handleApiError(error);
    throw error;
  }
}

/**
 * The page's forms: `intent=delete` with `title_id` forgets one title (POST /title/viewed/delete),
 * `intent=clear` the whole history (POST /title/viewed/delete/all); then the page again.
 */
export async function submitHistoryAction(request: Request, context: Context): Promise<HistoryActionResult> {
  const form = await request.formData();
  const intent = form.get('intent');
  const api = apiFor(request, context);
  try {
    if (intent === 'delete') {
      const titleId = Number(form.get('title_id'));
      if (!Number.isSafeInteger(titleId) || titleId < 0)
        return { status: 'failed', code: ResponseCode.InvalidParameter };
      await deleteViewedTitle(api, { title_id: titleId });
    } else if (intent === 'clear') {
      await deleteAllViewedTitles(api);
    } else {
      return { status: 'failed', code: ResponseCode.InvalidParameter };
    }
  } catch (error) {
    onSessionGone(error, context);
    return { status: 'failed', code: accountErrorCode(error) };
  }
  throw redirect(HISTORY_PATH, 303);
}
