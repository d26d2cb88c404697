import { type CommentSort, ResponseCode } from '@manga/contracts';
import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher, useLocation } from 'react-router';
import { DIALOG_PARAM } from '#app/features/account/account-dialog.tsx';
import { ScriptMarker, useHydrated } from '#app/features/account/account-form.tsx';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { REDIRECT_PARAM } from '#app/guards/navigation-guard.ts';
import { formatDateTime } from '#app/i18n/date-format.ts';
import { useRootData } from '#app/root-data.ts';
import {
  appendComments,
  avatarOf,
  COMMENT_ERROR_EPISODE_PARAM,
  COMMENT_ERROR_PARAM,
  COMMENT_RULES_PATH,
  type CommentActionResult,
  type CommenterName,
  type CommentRefusal,
  type CommentView,
  checkDraft,
  commentsAnchor,
  commentsEndpoint,
  type EpisodeCommentsData,
  type PostStatus,
  refusalMessageKey,
  refusalOf,
  withLike,
} from './comments.ts';

// An episode's comments (ADR 013): the list with "show more", newest or most liked first, the post
// box with the characters and posts left, like and unlike, mute and report with a confirmation, and
// a login prompt for guests that brings them back here. Self-contained: it loads from and posts to
// `/episode/:episodeId/comments`, so the title page and the viewer only place it.

/** Loads the section this far before it scrolls into view (when no first page came with the page). */
const LOAD_AHEAD = '800px 0px';

function useLocaleAndZone() {
  const root = useRootData();
  return { locale: root?.locale ?? 'ja', timeZone: root?.wireTimeZone };
}

/** "Reader 7K2QX9", or the commenter's nickname. */
export function CommenterNameText({ author }: { author: CommenterName }) {
  const { t } = useTranslation();
  return <>{author.nickname ?? t('comments.reader_name', { tag: author.tag })}</>;
}

function Avatar({ author }: { author: CommenterName }) {
  const { initials, hue } = avatarOf(author);
  return (
    <span
      aria-hidden="true"
      className="grid size-9 shrink-0 place-items-center rounded-full text-xs font-black text-white"
      style={{ backgroundColor: `hsl(${hue} 55% 45%)` }}
    >
      {initials}
    </span>
  );
}

/** A refusal in words, with the code as small print for support requests. */
function RefusalText({ refusal }: { refusal: CommentRefusal }) {
  const { t } = useTranslation();
  const { locale, timeZone } = useLocaleAndZone();
  const until =
    'until' in refusal && refusal.until ? formatDateTime(new Date(refusal.until), locale, timeZone) : undefined;
  return (
    <>
      <span>{t(refusalMessageKey(refusal), { until })}</span>{' '}
      <span className="font-mono text-[11px] font-normal whitespace-nowrap opacity-70">
        {t('common.error_code', { code: refusal.code })}
      </span>
    </>
  );
}

/** The place to come back to after logging in: this page, scrolled to this section. */
function useReturnTarget(episodeId: number): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete(COMMENT_ERROR_PARAM);
  params.delete(COMMENT_ERROR_EPISODE_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}#${commentsAnchor(episodeId)}`;
}

function LoginPrompt({ episodeId, loginInPlace }: { episodeId: number; loginInPlace: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const target = useReturnTarget(episodeId);
  const dialogHref = (dialog: 'login' | 'signup') => {
    if (!loginInPlace) return dialog === 'login' ? loginPathFor(target) : `/?${DIALOG_PARAM}=signup`;
    const params = new URLSearchParams(location.search);
    params.set(DIALOG_PARAM, dialog);
    params.set(REDIRECT_PARAM, target);
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <div
      className="flex flex-col gap-3 rounded-xl bg-brand-50 px-4 py-4 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:px-5"
      data-testid="comments-login-prompt"
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-bold text-ink">{t('comments.login.title')}</p>
        <p className="mt-0.5 text-sm leading-relaxed text-zinc-600">{t('comments.login.body')}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Link
          to={dialogHref('login')}
          preventScrollReset
          className="inline-flex h-10 items-center rounded-full bg-ink px-5 text-sm font-bold text-white transition hover:bg-zinc-800"
        >
          {t('comments.login.log_in')}
        </Link>
        <Link
          to={dialogHref('signup')}
          preventScrollReset
          className="inline-flex h-10 items-center rounded-full bg-white px-5 text-sm font-bold text-ink ring-1 ring-zinc-300 transition hover:bg-zinc-50"
        >
          {t('comments.login.sign_up')}
        </Link>
      </div>
    </div>
  );
}

/** Why the reader cannot post, where the form would be. */
function PostRefused({
  refusal,
  episodeId,
  episodeHref,
  loginInPlace,
}: {
  refusal: CommentRefusal;
  episodeId: number;
  episodeHref: string | undefined;
  loginInPlace: boolean;
}) {
  const { t } = useTranslation();
  if (refusal.kind === 'login') return <LoginPrompt episodeId={episodeId} loginInPlace={loginInPlace} />;
  return (
    <div
      className="flex flex-col gap-2 rounded-xl bg-zinc-50 px-4 py-3.5 text-sm text-zinc-700 ring-1 ring-zinc-200 sm:flex-row sm:items-center sm:px-5"
      data-testid="comments-post-refused"
      data-code={refusal.code}
    >
      <p className="min-w-0 flex-1 leading-relaxed">
        <RefusalText refusal={refusal} />
      </p>
      {refusal.kind === 'not_viewed' && episodeHref ? (
        <Link
          to={episodeHref}
          className="inline-flex h-9 shrink-0 items-center self-start rounded-full bg-brand-500 px-4 text-sm font-bold text-white transition hover:bg-brand-600 sm:self-auto"
        >
          {t('comments.read_chapter')}
        </Link>
      ) : null}
    </div>
  );
}

function PostBox({
  episodeId,
  post,
  onPosted,
  noScriptRefusal,
}: {
  episodeId: number;
  post: PostStatus;
  onPosted: (result: CommentActionResult) => void;
  noScriptRefusal: CommentRefusal | undefined;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CommentActionResult>();
  const hydrated = useHydrated();
  const from = useReturnTarget(episodeId);
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<CommentRefusal | undefined>(noScriptRefusal);
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const check = checkDraft(draft, post.maxLength);
  const busy = fetcher.state !== 'idle';
  const handled = useRef<CommentActionResult | undefined>(undefined);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    if (result.status === 'done') {
      setDraft('');
      setRefusal(undefined);
    } else {
      setRefusal(result.refusal);
      textareaRef.current?.focus();
    }
    onPosted(result);
  }, [fetcher.state, fetcher.data, onPosted]);

  // The server would refuse these (6500); say so before sending.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!check.empty && !check.tooLong) return;
    event.preventDefault();
    if (check.empty) setRefusal({ kind: 'empty', code: ResponseCode.PostCommentError });
    textareaRef.current?.focus();
  };
  const over = check.length - post.maxLength;
  return (
    <fetcher.Form
      method="post"
      action={commentsEndpoint(episodeId)}
      // The section updates itself from the answer: the page (the reader's pages) is not reloaded.
      defaultShouldRevalidate={false}
      onSubmit={onSubmit}
      className="rounded-xl bg-zinc-50 p-3 ring-1 ring-zinc-200 focus-within:ring-2 focus-within:ring-brand-500 sm:p-4"
      aria-label={t('comments.post.form_label')}
      data-testid="comment-form"
    >
      <input type="hidden" name="intent" value="post" />
      <input type="hidden" name="from" value={from} />
      <ScriptMarker />
      <label htmlFor={`${id}-text`} className="sr-only">
        {t('comments.post.label')}
      </label>
      <textarea
        ref={textareaRef}
        id={`${id}-text`}
        name="comment"
        rows={3}
        value={hydrated ? draft : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          // What was refused was the text before this edit.
          setRefusal(undefined);
        }}
        placeholder={t('comments.post.placeholder')}
        aria-describedby={`${id}-counter ${id}-allowance${refusal ? ` ${id}-refusal` : ''}`}
        aria-invalid={check.tooLong || refusal ? true : undefined}
        required
        className="block min-h-24 w-full resize-y rounded-lg border-0 bg-white px-3 py-2.5 text-base leading-relaxed text-ink ring-1 ring-zinc-200 outline-none placeholder:text-zinc-400 focus:ring-zinc-300 sm:text-sm"
      />
      <div className="mt-2.5 flex flex-wrap items-center gap-x-4 gap-y-2">
        <p id={`${id}-allowance`} className="min-w-0 flex-1 text-xs text-zinc-500" data-testid="comments-remaining">
          {t('comments.post.remaining', { count: post.remaining, limit: post.limit })}
        </p>
        <p
          id={`${id}-counter`}
          className={`text-xs font-semibold tabular-nums ${check.tooLong ? 'text-red-700' : 'text-zinc-500'}`}
          data-testid="comment-counter"
        >
          <span className="sr-only">{t('comments.post.counter_label')} </span>
          {t('comments.post.counter', { length: check.length, max: post.maxLength })}
        </p>
        <button
          type="submit"
          disabled={busy || (hydrated && (check.empty || check.tooLong))}
          className="inline-flex h-10 items-center justify-center rounded-full bg-brand-500 px-5 text-sm font-bold text-white shadow-sm transition hover:bg-brand-600 disabled:cursor-not-allowed disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none"
        >
          {busy ? t('comments.post.posting') : t('comments.post.submit')}
        </button>
      </div>
      <div aria-live="polite">
        {check.tooLong ? (
          <p className="mt-2 text-sm font-semibold text-red-700">{t('comments.post.too_long', { count: over })}</p>
        ) : null}
      </div>
      <div id={`${id}-refusal`} role="alert">
        {refusal ? (
          <p
            className="mt-2.5 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm font-semibold text-red-800 ring-1 ring-red-100"
            data-testid="comment-form-error"
            data-code={refusal.code}
          >
            <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor" aria-hidden="true">
              <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm0 6.8h1.8v1.8H9.1v-1.8Z" />
            </svg>
            <span className="min-w-0">
              <RefusalText refusal={refusal} />
            </span>
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

const quietButton =
  'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-xs font-bold transition disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none disabled:ring-zinc-300';

type Confirming = 'mute' | 'report' | undefined;

function CommentItem({
  comment,
  episodeId,
  signedIn,
  onChange,
}: {
  comment: CommentView;
  episodeId: number;
  signedIn: boolean;
  onChange: (result: CommentActionResult) => void;
}) {
  const { t } = useTranslation();
  const { locale, timeZone } = useLocaleAndZone();
  const fetcher = useFetcher<CommentActionResult>();
  const hydrated = useHydrated();
  const from = useReturnTarget(episodeId);
  const [confirming, setConfirming] = useState<Confirming>(undefined);
  const [reported, setReported] = useState(false);
  const [failure, setFailure] = useState<CommentRefusal | undefined>(undefined);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const handled = useRef<CommentActionResult | undefined>(undefined);
  const name = comment.author.nickname ?? t('comments.reader_name', { tag: comment.author.tag });

  // Before paint: else the frame between the answer and the list taking it shows a like undone.
  useLayoutEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    setConfirming(undefined);
    if (result.status === 'failed') setFailure(result.refusal);
    else {
      setFailure(undefined);
      if (result.intent === 'report') setReported(true);
    }
    onChange(result);
  }, [fetcher.state, fetcher.data, onChange]);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  // While a like is on its way, show it as done (the answer then sets the real count).
  const pending = fetcher.formData?.get('intent');
  const liked = pending === 'like' ? true : pending === 'unlike' ? false : comment.isLiked;
  const likeCount = comment.likeCount + (liked === comment.isLiked ? 0 : liked ? 1 : -1);
  const cancel = () => {
    setConfirming(undefined);
    openerRef.current?.focus();
  };
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="comment_id" value={comment.id} />
      <input type="hidden" name="from" value={from} />
      <ScriptMarker />
    </>
  );
  return (
    <li className="flex gap-3 py-4" data-testid="comment" data-comment-id={comment.id}>
      <Avatar author={comment.author} />
      <article className="min-w-0 flex-1" aria-label={t('comments.item_label', { name })}>
        <header className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <span className="text-sm font-bold text-ink" data-testid="comment-author">
            {name}
          </span>
          {comment.isMine ? (
            <span className="rounded-full bg-brand-50 px-2 py-px text-[11px] font-bold text-brand-700 ring-1 ring-brand-100">
              {t('comments.yours')}
            </span>
          ) : null}
          {comment.postedAt ? (
            <time dateTime={comment.postedAt} className="text-xs text-zinc-500">
              {formatDateTime(new Date(comment.postedAt), locale, timeZone)}
            </time>
          ) : null}
        </header>
        <p
          className="mt-1 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line text-zinc-800"
          data-testid="comment-text"
        >
          {comment.text}
        </p>
        <div className="mt-1.5 -ml-3 flex flex-wrap items-center gap-1">
          {signedIn && !comment.isMine ? (
            <fetcher.Form method="post" action={commentsEndpoint(episodeId)} defaultShouldRevalidate={false}>
              {hidden(liked ? 'unlike' : 'like')}
              <button
                type="submit"
                aria-pressed={liked}
                aria-label={t('comments.like_label', { count: likeCount })}
                className={`${quietButton} ${liked ? 'text-rose-600 hover:bg-rose-50' : 'text-zinc-600 hover:bg-zinc-100'}`}
                data-testid="comment-like"
              >
                <HeartIcon filled={liked} />
                <span className="tabular-nums" data-testid="comment-like-count">
                  {likeCount}
                </span>
              </button>
            </fetcher.Form>
          ) : (
            <span className={`${quietButton} text-zinc-500`}>
              <HeartIcon filled={false} />
              <span className="tabular-nums" aria-hidden="true" data-testid="comment-like-count">
                {likeCount}
              </span>
              <span className="sr-only">{t('comments.likes', { count: likeCount })}</span>
            </span>
          )}
          {signedIn && !comment.isMine && hydrated ? (
            <>
              <button
                type="button"
                ref={confirming === 'mute' ? openerRef : undefined}
                onClick={() => setConfirming(confirming === 'mute' ? undefined : 'mute')}
                aria-expanded={confirming === 'mute'}
                className={`${quietButton} text-zinc-500 hover:bg-zinc-100 hover:text-ink`}
              >
                {t('comments.mute')}
              </button>
              {reported ? (
                <span className={`${quietButton} text-emerald-700`} role="status" data-testid="comment-reported">
                  {t('comments.reported')}
                </span>
              ) : (
                <button
                  type="button"
                  ref={confirming === 'report' ? openerRef : undefined}
                  onClick={() => setConfirming(confirming === 'report' ? undefined : 'report')}
                  aria-expanded={confirming === 'report'}
                  className={`${quietButton} text-zinc-500 hover:bg-zinc-100 hover:text-ink`}
                  data-testid="comment-report"
                >
                  {t('comments.report')}
                </button>
              )}
            </>
          ) : null}
        </div>
        {confirming ? (
          <fetcher.Form
            method="post"
            action={commentsEndpoint(episodeId)}
            defaultShouldRevalidate={false}
            className="mt-2 rounded-xl bg-zinc-50 p-3.5 ring-1 ring-zinc-200"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                cancel();
              }
            }}
            data-testid={`comment-${confirming}-confirm`}
          >
            {hidden(confirming)}
            <p className="text-sm font-bold text-ink">{t(`comments.${confirming}_confirm.title`, { name })}</p>
            <p className="mt-1 text-sm leading-relaxed text-zinc-600">{t(`comments.${confirming}_confirm.body`)}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                ref={confirmRef}
                type="submit"
                disabled={fetcher.state !== 'idle'}
                className="inline-flex h-9 items-center rounded-full bg-ink px-4 text-sm font-bold text-white transition hover:bg-zinc-800 disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none disabled:ring-zinc-300"
              >
                {t(`comments.${confirming}_confirm.submit`)}
              </button>
              <button
                type="button"
                onClick={cancel}
                className="inline-flex h-9 items-center rounded-full bg-white px-4 text-sm font-bold text-ink ring-1 ring-zinc-300 transition hover:bg-zinc-100"
              >
                {t('comments.cancel')}
              </button>
            </div>
          </fetcher.Form>
        ) : null}
        {failure ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
            <RefusalText refusal={failure} />
          </p>
        ) : null}
      </article>
    </li>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z" strokeLinejoin="round" />
    </svg>
  );
}

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

function failedKey(code: number): string {
  if (code === 2016) return 'comments.failed_restricted';
  if (code === 3100) return 'comments.failed_missing';
  return 'comments.failed';
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
  const endpoint = commentsEndpoint(episodeId);
  const listFetcher = useFetcher<EpisodeCommentsData>();
  const moreFetcher = useFetcher<EpisodeCommentsData>();
  const [data, setData] = useState<EpisodeCommentsData | undefined>(initial);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const sectionRef = useRef<HTMLElement>(null);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const loadList = listFetcher.load;
  const sortRef = useRef<CommentSort>(initial?.status === 'ready' ? initial.sort : 'new');
  const load = useCallback(
    (sort: CommentSort) => {
      sortRef.current = sort;
      return loadList(`${endpoint}?sort=${sort}`);
    },
    [loadList, endpoint],
  );
  const requested = useRef(initial !== undefined);

  // A new first page from the page's loader (after logging in, say) replaces what is shown.
  useEffect(() => {
    if (initial) setData(initial);
  }, [initial]);

  // Without a first page from the loader, load it as the section comes near.
  useEffect(() => {
    if (requested.current) return;
    const section = sectionRef.current;
    const start = () => {
      if (requested.current) return;
      requested.current = true;
      load('new');
    };
    if (!section || typeof IntersectionObserver === 'undefined') {
      start();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [load]);

  useEffect(() => {
    if (listFetcher.state === 'idle' && listFetcher.data) setData(listFetcher.data);
  }, [listFetcher.state, listFetcher.data]);

  useEffect(() => {
    const more = moreFetcher.data;
    if (moreFetcher.state !== 'idle' || !more) return;
    setData((current) => {
      if (current?.status !== 'ready' || more.status !== 'ready' || more.sort !== current.sort) return current;
      return {
        ...current,
        comments: appendComments(current.comments, more.comments),
        hasNext: more.hasNext,
        nextOffset: more.nextOffset,
        total: more.total,
      };
    });
  }, [moreFetcher.state, moreFetcher.data]);

  const onResult = useCallback(
    (result: CommentActionResult) => {
      setData((current) => {
        if (current?.status !== 'ready') return current;
        if (result.status === 'failed') return result.post ? { ...current, post: result.post } : current;
        switch (result.intent) {
          case 'post':
            return {
              ...current,
              comments: [result.comment, ...current.comments.filter((comment) => comment.id !== result.comment.id)],
              total: current.total + 1,
              nextOffset: current.nextOffset + 1,
              post: result.post,
            };
          case 'like':
          case 'unlike':
            return {
              ...current,
              comments: withLike(current.comments, result.commentId, result.likeCount, result.isLiked),
            };
          default:
            return current;
        }
      });
      if (result.status === 'done' && result.intent === 'mute') {
        setNotice(t('comments.muted'));
        load(sortRef.current);
      } else if (result.status === 'done' && result.intent === 'post') {
        setNotice(t('comments.posted'));
      }
    },
    [load, t],
  );

  // A post without scripts came back here with its refusal in the query.
  const params = new URLSearchParams(location.search);
  const noScriptCode =
    params.get(COMMENT_ERROR_EPISODE_PARAM) === String(episodeId) ? Number(params.get(COMMENT_ERROR_PARAM)) : NaN;
  const noScriptRefusal = Number.isInteger(noScriptCode) ? refusalOf(noScriptCode, '', undefined) : undefined;

  const loading = listFetcher.state !== 'idle';
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
        <div className="py-8 text-center" role="alert" data-testid="comments-failed">
          <p className="text-sm font-semibold text-zinc-700">{t(failedKey(data.code))}</p>
          <p className="mt-1 font-mono text-[11px] text-zinc-400">{t('common.error_code', { code: data.code })}</p>
          {data.code !== 2016 && data.code !== 3100 ? (
            <button
              type="button"
              onClick={() => load('new')}
              disabled={loading}
              className="mt-4 inline-flex h-9 items-center rounded-full bg-zinc-100 px-4 text-sm font-bold text-ink transition hover:bg-zinc-200 disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none disabled:ring-zinc-300"
            >
              {t('comments.retry')}
            </button>
          ) : null}
        </div>
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
              <button
                type="button"
                onClick={() => moreFetcher.load(`${endpoint}?sort=${data.sort}&offset=${data.nextOffset}`)}
                disabled={moreFetcher.state !== 'idle'}
                className="inline-flex h-10 items-center rounded-full bg-zinc-100 px-5 text-sm font-bold text-ink transition hover:bg-zinc-200 disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none disabled:ring-zinc-300"
                data-testid="comments-more"
              >
                {moreFetcher.state !== 'idle' ? t('comments.loading') : t('comments.more')}
              </button>
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
