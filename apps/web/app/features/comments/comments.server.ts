import { type CommentOperations, commentOperations, NO_RESPONSE_CODE, responseCodeOf } from '@manga/api-client';
import { type CommentReportReason, type CommentSort, ResponseCode, sameOriginReturnTarget } from '@manga/contracts';
import { type RouterContextProvider, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { clearSessionCookie } from '#app/features/account/account-api.server.ts';
import { text } from '#app/features/account/account-forms.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import {
  COMMENT_PAGE_SIZE,
  type CommentActionResult,
  type CommentIntent,
  commentIntentOf,
  commentOffsetOf,
  commentSortOf,
  type EpisodeCommentsData,
  noScriptReturnPath,
  type PostStatus,
  refusalOf,
  toCommentView,
  toPostStatus,
} from './comments.ts';

// Loading and changing an episode's comments for the visitor of this request (ADR 013): the loader
// and action of `/episode/:episodeId/comments`, and the title page's first page of an open section.

type Context = Readonly<RouterContextProvider>;

export function commentsApiFor(request: Request, context: Context): CommentOperations {
  return commentOperations(apiFor(request, context));
}

/** A code that is not the comments' business: maintenance goes to its page (product §4), like every call. */
function failureCode(error: unknown): number {
  const code = responseCodeOf(error);
  if (code === ResponseCode.ServerMaintenance) handleApiError(error);
  if (code === ResponseCode.ServerError || code === NO_RESPONSE_CODE) console.error('Comment call failed', error);
  return code;
}

/** A session the API no longer knows is ended here too, so the page shows the visitor logged out. */
function forgetDeadSession(context: Context, post: PostStatus | undefined): void {
  if (post?.refusal?.code === ResponseCode.WebTokenInvalid) clearSessionCookie(visitorOf(context));
}

export interface CommentsQuery {
  sort: CommentSort;
  offset: number;
}

/**
 * A page of an episode's comments (GET /episode/comment/list) and, on the first page, whether the
 * visitor may post (GET /episode/comment/post/info). A refused list (unknown episode 3100, an age
 * rating 2016, …) is the section's `failed` state; maintenance goes to its page.
 */
export async function loadEpisodeComments(
  api: CommentOperations,
  episodeId: number,
  { sort, offset }: CommentsQuery,
  timeZone = env.wireTimeZone,
): Promise<EpisodeCommentsData> {
  const firstPage = offset === 0;
  const [list, info] = await Promise.allSettled([
    api.listComments({ episode_id: episodeId, sort, limit: COMMENT_PAGE_SIZE, offset }),
    firstPage ? api.getCommentPostInfo({ episode_id: episodeId }) : Promise.resolve(undefined),
  ]);
  if (list.status === 'rejected') return { status: 'failed', episodeId, code: failureCode(list.reason) };
  const comments = list.value.comment_list.map((comment) => toCommentView(comment, timeZone));
  return {
    status: 'ready',
    episodeId,
    sort,
    comments,
    total: list.value.comment_num,
    hasNext: list.value.has_next === 1,
    nextOffset: offset + comments.length,
    // Without the post box's state the section still shows the comments (and no form).
    post:
      info.status === 'fulfilled' && info.value
        ? toPostStatus(info.value.post_info, timeZone)
        : info.status === 'rejected'
          ? { canPost: false, refusal: refusalOf(failureCode(info.reason), '', undefined), ...noAllowance }
          : undefined,
  };
}

const noAllowance = { remaining: 0, limit: 0, maxLength: 0 };

/** The loader of `/episode/:episodeId/comments`: `?sort=new|popular&offset=N`. */
export async function loadCommentsRoute(
  request: Request,
  context: Context,
  url: URL,
  episodeId: number,
): Promise<EpisodeCommentsData> {
  const data = await loadEpisodeComments(commentsApiFor(request, context), episodeId, {
    sort: commentSortOf(url.searchParams.get('sort')),
    offset: commentOffsetOf(url.searchParams.get('offset')),
  });
  if (data.status === 'ready') forgetDeadSession(context, data.post);
  return data;
}

/** A positive id from a form field, or undefined. */
function idOf(value: string): number | undefined {
  return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;
}

/** One comment action through the API: its result, or the refusal (with the post box's state after a refused post). */
export async function runCommentIntent(
  api: CommentOperations,
  intent: CommentIntent,
  episodeId: number,
  form: FormData,
): Promise<CommentActionResult> {
  const timeZone = env.wireTimeZone;
  const commentId = idOf(text(form, 'comment_id'));
  try {
    if (intent === 'post') {
      const answer = await api.postComment({ episode_id: episodeId, comment: text(form, 'comment') });
      return {
        status: 'done',
        intent,
        comment: toCommentView(answer.comment, timeZone),
        post: toPostStatus(answer.post_info, timeZone),
      };
    }
    if (commentId === undefined) {
      const refusal = { kind: 'code', code: ResponseCode.InvalidParameter } as const;
      return { status: 'failed', intent, commentId, refusal, post: undefined };
    }
    switch (intent) {
      case 'like':
      case 'unlike': {
        const call = intent === 'like' ? api.likeComment : api.unlikeComment;
        const answer = await call({ comment_id: commentId });
        return { status: 'done', intent, commentId, likeCount: answer.like_count, isLiked: answer.is_liked === 1 };
      }
      case 'mute':
        await api.muteCommenter({ comment_id: commentId });
        return { status: 'done', intent, commentId };
      case 'report': {
        // The reason and note as chosen: an unknown reason or a long note is the API's 1001.
        const reason = text(form, 'reason');
        const note = text(form, 'reason_text').trim();
        await api.reportComment({
          comment_id: commentId,
          ...(reason ? { reason: reason as CommentReportReason } : {}),
          ...(note ? { reason_text: note } : {}),
        });
        return { status: 'done', intent, commentId };
      }
    }
  } catch (error) {
    const code = failureCode(error);
    const message = error instanceof Error ? error.message : '';
    // A refused post: the box's state as it is now (what is left, when posting opens again).
    let post: PostStatus | undefined;
    if (intent === 'post') {
      post = await api
        .getCommentPostInfo({ episode_id: episodeId })
        .then((answer) => toPostStatus(answer.post_info, timeZone))
        .catch(() => undefined);
    }
    const until = post?.refusal && 'until' in post.refusal ? post.refusal.until : undefined;
    return { status: 'failed', intent, commentId, refusal: refusalOf(code, message, until), post };
  }
}

/**
 * The action of `/episode/:episodeId/comments`: post, like, unlike, mute or report (`intent`). With
 * scripts the section gets the result; without, the visitor goes back to the page they came from
 * (`from`), with a refusal's code in the query so the section can say what went wrong.
 */
export async function submitCommentAction(
  request: Request,
  context: Context,
  episodeId: number,
): Promise<CommentActionResult> {
  const form = await request.formData();
  const intent = commentIntentOf(text(form, 'intent'));
  const result: CommentActionResult = intent
    ? await runCommentIntent(commentsApiFor(request, context), intent, episodeId, form)
    : {
        status: 'failed',
        intent: 'post',
        commentId: undefined,
        refusal: { kind: 'code', code: ResponseCode.InvalidParameter },
        post: undefined,
      };
  if (result.status === 'failed' && result.refusal.code === ResponseCode.WebTokenInvalid) {
    clearSessionCookie(visitorOf(context));
  }
  if (text(form, '_js') === '1') return result;
  const code = result.status === 'failed' ? result.refusal.code : undefined;
  throw redirect(noScriptReturnPath(sameOriginReturnTarget(text(form, 'from')) ?? '/', episodeId, code));
}
