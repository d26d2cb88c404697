import { addFavoriteTitle, deleteFavoriteTitle, responseCodeOf } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { type RouterContextProvider, redirect } from 'react-router';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { clearSessionCookie, isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { titleHref } from '#app/features/catalogue/title-view.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import { FOLLOW_INTENT_FIELD, type FollowActionResult, FollowIntent, followIntentOf } from './follow.ts';

/**
 * The title page's form: `intent=follow` or `intent=unfollow` (POST /favorite/add, /favorite/delete).
 * A visitor without a session goes to log in and comes back to the title.
 */
export async function submitFollow(
  form: FormData,
  request: Request,
  context: Readonly<RouterContextProvider>,
  titleId: number,
): Promise<FollowActionResult> {
  const intent = followIntentOf(form.get(FOLLOW_INTENT_FIELD));
  if (!intent) return { status: 'failed', code: ResponseCode.InvalidParameter };
  const api = apiFor(request, context);
  try {
    const answer =
      intent === FollowIntent.Follow
        ? await addFavoriteTitle(api, { title_id: titleId })
        : await deleteFavoriteTitle(api, { title_id: titleId });
    return { status: 'done', following: answer.favorite_status === 1 };
  } catch (error) {
    const code = responseCodeOf(error);
    if (isSessionGone(code)) {
      clearSessionCookie(visitorOf(context));
      throw redirect(loginPathFor(titleHref(titleId)));
    }
    if (code === ResponseCode.ServerMaintenance) handleApiError(error);
    return { status: 'failed', code };
  }
}
