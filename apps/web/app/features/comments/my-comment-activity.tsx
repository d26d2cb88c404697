import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SectionError } from '#app/components/ui/form-error.tsx';
import { withQuery } from '#app/features/account/account-paths.ts';
import { useDateFormat } from '#app/i18n/date-format.ts';
import { type CommentPlace, MY_COMMENTS_PAGE_PARAM, type MyCommentActivity } from './my-comments.ts';

// The reader's comments and the likes they received, as sections of /my (ADR 013).

function useFormatTime() {
  const dates = useDateFormat();
  return (iso: string | undefined) => (iso ? dates.dateTime(iso) : '');
}

function Card({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-zinc-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-100 px-5 py-4 sm:px-6">
        <h2 id={id} className="text-base font-bold text-ink">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Place({ place }: { place: CommentPlace }) {
  const { t } = useTranslation();
  return (
    <Link to={place.commentsHref} className="group block min-w-0 text-xs font-semibold text-zinc-500">
      <span className="text-brand-700 group-hover:underline">{place.titleName || t('comments.my.unknown_title')}</span>
      {place.episodeName ? <span> · {place.episodeName}</span> : null}
    </Link>
  );
}

function YourComments({ comments }: { comments: MyCommentActivity['comments'] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const formatTime = useFormatTime();
  const pageHref = (page: number) =>
    `${location.pathname}${withQuery(location.search, MY_COMMENTS_PAGE_PARAM, page > 1 ? String(page) : undefined)}#my-comments`;
  return (
    <Card id="my-comments" title={t('comments.my.yours_heading')}>
      {comments.status === 'failed' ? (
        <SectionError className="px-5 py-8 text-center sm:px-6" code={comments.code} />
      ) : comments.items.length === 0 ? (
        <div className="px-5 py-10 text-center sm:px-6" data-testid="my-comments-empty">
          <p className="text-sm font-bold text-ink">{t('comments.my.yours_empty')}</p>
          <p className="mt-1 text-sm text-zinc-500">{t('comments.my.yours_empty_body')}</p>
        </div>
      ) : (
        <>
          <ol className="divide-y divide-zinc-100" data-testid="my-comments">
            {comments.items.map((comment) => (
              <li key={comment.id} className="px-5 py-4 sm:px-6" data-testid="my-comment">
                <Place place={comment.place} />
                <p className="mt-1 line-clamp-3 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line text-zinc-800">
                  {comment.text}
                </p>
                <p className="mt-1.5 flex flex-wrap gap-x-3 text-xs text-zinc-500">
                  <span>{t('comments.likes', { count: comment.likeCount })}</span>
                  {comment.postedAt ? <time dateTime={comment.postedAt}>{formatTime(comment.postedAt)}</time> : null}
                </p>
              </li>
            ))}
          </ol>
          {comments.page > 1 || comments.hasNext ? (
            <nav
              aria-label={t('catalogue.pagination')}
              className="flex items-center justify-between gap-3 border-t border-zinc-100 px-5 py-3 sm:px-6"
            >
              {comments.page > 1 ? (
                <Link
                  to={pageHref(comments.page - 1)}
                  rel="prev"
                  className="text-sm font-bold text-brand-700 hover:underline"
                >
                  {t('comments.my.newer')}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-xs text-zinc-500 tabular-nums">
                {t('catalogue.page_n', { page: comments.page })}
              </span>
              {comments.hasNext ? (
                <Link
                  to={pageHref(comments.page + 1)}
                  rel="next"
                  className="text-sm font-bold text-brand-700 hover:underline"
                >
                  {t('comments.my.older')}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </Card>
  );
}

function LikesReceived({ likes }: { likes: MyCommentActivity['likes'] }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const since =
    likes.status === 'ready' && likes.lastSeenAt
      ? t('comments.my.since', { time: formatTime(likes.lastSeenAt) })
      : t('comments.my.since_first');
  return (
    <Card
      id="my-likes"
      title={t('comments.my.likes_heading')}
      aside={
        likes.status === 'ready' && likes.total > 0 ? (
          <span
            className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-black text-rose-700 ring-1 ring-rose-200"
            data-testid="my-likes-total"
          >
            {t('comments.my.new_likes', { count: likes.total })}
          </span>
        ) : null
      }
    >
      {likes.status === 'failed' ? (
        <SectionError className="px-5 py-8 text-center sm:px-6" code={likes.code} />
      ) : (
        <>
          <p className="px-5 pt-4 text-xs text-zinc-500 sm:px-6">{since}</p>
          {likes.items.length === 0 ? (
            <p className="px-5 pt-2 pb-8 text-sm text-zinc-600 sm:px-6" data-testid="my-likes-empty">
              {t('comments.my.likes_empty')}
            </p>
          ) : (
            <ol className="divide-y divide-zinc-100" data-testid="my-likes">
              {likes.items.map((notice) => (
                <li key={notice.commentId} className="flex gap-3 px-5 py-4 sm:px-6" data-testid="my-like">
                  <span className="grid h-8 min-w-12 shrink-0 place-items-center rounded-full bg-rose-50 px-2 text-xs font-black text-rose-700 tabular-nums">
                    <span aria-hidden="true">+{notice.newLikes}</span>
                    <span className="sr-only">{t('comments.my.new_likes', { count: notice.newLikes })}</span>
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-2 text-sm leading-relaxed [overflow-wrap:anywhere] text-zinc-800">
                      {notice.text}
                    </p>
                    <div className="mt-1">
                      <Place place={notice.place} />
                    </div>
                    <p className="mt-1 text-xs text-zinc-500">
                      {t('comments.likes', { count: notice.likeCount })}
                      {notice.latestAt ? ` · ${formatTime(notice.latestAt)}` : ''}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </Card>
  );
}

/** "Your comments" and "Likes received" on /my. */
export function MyCommentActivitySections({ activity }: { activity: MyCommentActivity }) {
  return (
    <div className="mt-8 grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <YourComments comments={activity.comments} />
      <LikesReceived likes={activity.likes} />
    </div>
  );
}
