import { getWebMyPersonal, partAnswer, responseCodeOf } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { type RouterContextProvider, redirect } from 'react-router';
import { toPublicImageUrl } from '#app/api.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { clearSessionCookie, isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { pageNumber } from '#app/features/catalogue/paging.ts';
import { historyEntriesOf } from '#app/features/catalogue/reading-history.server.ts';
import { myCommentActivityOf, myCommentsOffset } from '#app/features/comments/my-comments.server.ts';
import { MY_COMMENTS_PAGE_SIZE } from '#app/features/comments/my-comments.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import { loginBonusSectionOf } from './login-bonus.server.ts';
import {
  MY_CONTINUE_COUNT,
  MY_PURCHASED_COUNT,
  MY_PURCHASED_PAGE_PARAM,
  type MyLoaderData,
  type MyPageData,
  type Section,
  toFollowed,
  toPurchased,
  toWallet,
} from './my-page.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * /my: every section's call at once. A session the API no longer knows logs the visitor out and
 * sends them to log in and back; maintenance shows the maintenance screen; any other failure only
 * fails its section.
 */
export async function loadMyPage(request: Request, context: Context, url: URL): Promise<MyLoaderData> {
  // The member shell (ADR 048): every section is the reader's, in their personal answer.
  if (visitorOf(context).visitor.memberShell) return { personalDeferred: true };
  return loadMySections(request, context, url);
}

/** Every section of /my for the reader of `request` (their personal answer, or their whole page). */
export async function loadMySections(request: Request, context: Context, url: URL): Promise<MyPageData> {
  return (await loadMyAnswer(request, context, url)).page;
}

/**
 * /my's sections, and `changesAt`: when the API says they change by the clock alone (epoch ms, ADR 083:
 * points or a premium ticket expire, the login bonus's day turns); undefined when the call failed.
 */
export async function loadMyAnswer(
  request: Request,
  context: Context,
  url: URL,
): Promise<{ page: MyPageData; changesAt: number | undefined }> {
  const api = apiFor(request, context);
  const now = new Date();
  const purchasedPage = pageNumber(url.searchParams.get(MY_PURCHASED_PAGE_PARAM));
  // One call for every section (ADR 076); each part fails alone, as its own call did.
  const answer = getWebMyPersonal(api, {
    viewed_limit: MY_CONTINUE_COUNT,
    purchased_limit: MY_PURCHASED_COUNT,
    purchased_offset: (purchasedPage - 1) * MY_PURCHASED_COUNT,
    comment_limit: MY_COMMENTS_PAGE_SIZE,
    comment_offset: myCommentsOffset(url),
  });
  const [wallet, continueReading, followed, purchased, activity, loginBonus] = await Promise.allSettled([
    answer.then((all) => toWallet(partAnswer(all.account_point, 'GET /account/point'), now)),
    answer.then((all) => historyEntriesOf(partAnswer(all.viewed_titles, 'GET /title/viewed/list'))),
    answer.then((all) => toFollowed(partAnswer(all.favorites, 'GET /favorite/list'), toPublicImageUrl)),
    answer.then((all) =>
      toPurchased(partAnswer(all.purchased_titles, 'GET /web/title/purchased'), toPublicImageUrl, purchasedPage),
    ),
    myCommentActivityOf(request, context, url, {
      history: answer.then((all) => partAnswer(all.comment_history, 'GET /episode/comment/history')),
      notices: answer.then((all) => partAnswer(all.comment_like_notices, 'GET /episode/comment/like/notice')),
    }),
    answer.then((all) => loginBonusSectionOf(partAnswer(all.login_bonus, 'GET /web/loginbonus'))),
  ]);
  for (const result of [wallet, continueReading, followed, purchased, activity, loginBonus]) {
    if (result.status === 'fulfilled') continue;
    const code = responseCodeOf(result.reason);
    if (result.reason instanceof Response) throw result.reason;
    if (isSessionGone(code)) {
      clearSessionCookie(visitorOf(context));
      throw redirect(loginPathFor(`${url.pathname}${url.search}`));
    }
    if (code === ResponseCode.ServerMaintenance) handleApiError(result.reason);
  }
  if (activity.status === 'rejected') throw activity.reason;
  const page = {
    wallet: sectionOf(wallet),
    continueReading: sectionOf(continueReading),
    followed: sectionOf(followed),
    purchased: sectionOf(purchased),
    activity: activity.value,
    loginBonus: sectionOf(loginBonus),
  };
  return { page, changesAt: await answer.then((all) => all.changes_at).catch(() => undefined) };
}

function sectionOf<T>(result: PromiseSettledResult<T>): Section<T> {
  if (result.status === 'fulfilled') return { status: 'ready', value: result.value };
  console.warn(`a /my section failed with ${responseCodeOf(result.reason)}; the page goes on without it`);
  return { status: 'failed', code: responseCodeOf(result.reason) };
}
