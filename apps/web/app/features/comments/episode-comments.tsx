import type { CommentSort } from '@manga/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { CommentItem } from './comment-item.tsx';
import { loadFailureOf } from './comment-outcome.ts';
import { COMMENT_RULES_PATH, commentsAnchor, type EpisodeCommentsData, noScriptRefusalOf } from './comments.ts';
import { PostBox, PostRefused } from './post-box.tsx';
import { useEpisodeComments } from './use-episode-comments.ts';

// An episode's comments (ADR 013): the list with "show more", newest or most liked first, the post
// box with the characters and posts left (post-box.tsx), like and unlike, mute and report with a
// confirmation (comment-item.tsx), and a login prompt for guests that brings them back here.
// Self-contained: it loads from and posts to `/episode/:episodeId/comments` (use-episode-comments.ts),
// so the title page and the viewer only place it; what each answer shows is comment-outcome.ts's.

function SortSwitch({
  sort,
  onSort,
  disabled,
}: {
  sort: CommentSort;
  onSort: (sort: CommentSort) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex rounded-full bg-zinc-100 p-1 text-xs font-bold" disabled={disabled}>
      <legend className="sr-only">{t('comments.sort_label')}</legend>
      {(['new', 'popular'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={sort === option}
          onClick={() => onSort(option)}
          className={`rounded-full px-3 py-1.5 transition ${sort === option ? 'bg-white text-ink shadow-sm' : 'text-zinc-500 hover:text-ink'}`}
        >
          {t(`comments.sort.${option}`)}
        </button>
      ))}
    </fieldset>
  );
}

/** Why the section could not load, with "Try again" when that can help. */
function LoadFailed({ code, retrying, onRetry }: { code: number; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const { messageKey, retryable } = loadFailureOf(code);
  return (
    <div className="py-8 text-center" role="alert" data-testid="comments-failed">
      <p className="text-sm font-semibold text-zinc-700">{t(messageKey)}</p>
      <p className="mt-1 font-mono text-[11px] text-zinc-400">{t('common.error_code', { code })}</p>
      {retryable ? (
        <Button variant="soft" size="sm" className="mt-4" onClick={onRetry} busy={retrying}>
          {t('comments.retry')}
        </Button>
      ) : null}
    </div>
  );
}

export interface EpisodeCommentsProps {
  episodeId: number;
  /** The first page, when the page's loader brought it (server rendering); else it loads when near. */
  initial?: EpisodeCommentsData;
  /** Where to read the episode (for "read it before commenting"). */
  episodeHref?: string;
  /** The page has the site header, so the login dialog opens here; else the top page's does. */
  loginInPlace?: boolean;
  /** The heading level of the section's title (2 on the title page's episode list, …). */
  headingLevel?: 2 | 3;
}

/** An episode's comments: the section the title page opens per episode and the viewer shows at the end. */
export function EpisodeComments({
  episodeId,
  initial,
  episodeHref,
  loginInPlace = false,
  headingLevel = 2,
}: EpisodeCommentsProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data, notice, loading, loadingMore, sectionRef, load, loadMore, onResult } = useEpisodeComments(
    episodeId,
    initial,
  );
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // A post without scripts came back here with its refusal in the query.
  const noScriptRefusal = noScriptRefusalOf(location.search, episodeId);
  const ready = data?.status === 'ready' ? data : undefined;
  const signedIn = ready?.post !== undefined && ready.post.refusal?.kind !== 'login';
  return (
    <section
      ref={sectionRef}
      id={commentsAnchor(episodeId)}
      aria-labelledby={headingId}
      className="scroll-mt-44 rounded-2xl md:scroll-mt-32 bg-white p-4 text-ink shadow-sm ring-1 ring-zinc-200 sm:p-6"
      data-testid="episode-comments"
      data-episode-id={episodeId}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Heading id={headingId} className="text-lg font-extrabold">
          {t('comments.heading')}
          {ready ? (
            <span className="ml-2 text-sm font-bold text-zinc-500 tabular-nums" data-testid="comments-total">
              {t('comments.total', { count: ready.total })}
            </span>
          ) : null}
        </Heading>
        {ready && ready.total > 1 ? (
          <SortSwitch sort={ready.sort} onSort={(sort) => load(sort)} disabled={loading} />
        ) : null}
      </div>

      {ready?.post ? (
        ready.post.canPost ? (
          <PostBox episodeId={episodeId} post={ready.post} onPosted={onResult} noScriptRefusal={noScriptRefusal} />
        ) : ready.post.refusal ? (
          <PostRefused
            refusal={ready.post.refusal}
            episodeId={episodeId}
            episodeHref={episodeHref}
            loginInPlace={loginInPlace}
          />
        ) : null
      ) : null}

      <p role="status" className="sr-only">
        {notice ?? ''}
      </p>

      {!data ? (
        <div className="grid place-items-center py-10" aria-busy="true">
          <span className="flex items-center gap-3 text-sm text-zinc-500">
            <span
              className="size-5 animate-spin rounded-full border-2 border-zinc-200 border-t-brand-500"
              aria-hidden="true"
            />
            {t('comments.loading')}
          </span>
        </div>
      ) : data.status === 'failed' ? (
        <LoadFailed code={data.code} retrying={loading} onRetry={() => load('new')} />
      ) : data.comments.length === 0 ? (
        <div className="py-10 text-center" data-testid="comments-empty">
          <p className="text-base font-bold text-ink">{t('comments.empty_title')}</p>
          <p className="mt-1 text-sm text-zinc-500">{t('comments.empty_body')}</p>
        </div>
      ) : (
        <>
          <ol
            className={`mt-2 divide-y divide-zinc-100 transition-opacity ${loading ? 'opacity-50' : ''}`}
            aria-label={t('comments.list_label')}
            aria-busy={loading}
          >
            {data.comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                episodeId={episodeId}
                signedIn={signedIn}
                onChange={onResult}
              />
            ))}
          </ol>
          {data.hasNext ? (
            <div className="mt-2 flex justify-center">
              <Button
                variant="soft"
                size="md"
                onClick={loadMore}
                busy={loadingMore}
                busyLabel={t('comments.loading')}
                data-testid="comments-more"
              >
                {t('comments.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
      <p className="mt-4 border-t border-zinc-100 pt-3 text-xs leading-relaxed text-zinc-500">
        {t('comments.guidelines')}{' '}
        <Link to={COMMENT_RULES_PATH} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t('comments.guidelines_link')}
        </Link>
      </p>
    </section>
  );
}

/**
 * The comments on the viewer's last page (ADR 013, ADR 016) for the episode route and the full
 * viewer, never the embedded one: the section, and its anchor, which opens the reader there.
 */
export function lastPageComments(episodeId: number): { lastPageExtras: ReactNode; lastPageAnchor: string } {
  return {
    lastPageExtras: <EpisodeComments episodeId={episodeId} headingLevel={3} />,
    lastPageAnchor: commentsAnchor(episodeId),
  };
}
