import { ResponseCode } from '@manga/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClassName } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { ScriptMarker, useHydrated } from '#app/features/account/account-form.tsx';
import { DIALOG_PARAM, loginPathFor } from '#app/features/account/account-paths.ts';
import { REDIRECT_PARAM } from '#app/guards/navigation-guard.ts';
import { commentOutcome } from './comment-outcome.ts';
import { RefusalText } from './comment-text.tsx';
import {
  type CommentActionResult,
  type CommentRefusal,
  checkDraft,
  commentsEndpoint,
  type PostStatus,
} from './comments.ts';
import { useCommentAction, useReturnTarget } from './use-episode-comments.ts';

// The comments section's post box (ADR 013): the text with the characters and posts left, and in
// its place, why the reader cannot post (a login prompt for guests).

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
          className={buttonClassName({ variant: 'neutral', size: 'md' })}
        >
          {t('comments.login.log_in')}
        </Link>
        <Link
          to={dialogHref('signup')}
          preventScrollReset
          className={buttonClassName({ variant: 'secondary', size: 'md' })}
        >
          {t('comments.login.sign_up')}
        </Link>
      </div>
    </div>
  );
}

/** Why the reader cannot post, where the form would be. */
export function PostRefused({
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
          className={buttonClassName({ variant: 'primary', size: 'sm', className: 'shrink-0 self-start sm:self-auto' })}
        >
          {t('comments.read_chapter')}
        </Link>
      ) : null}
    </div>
  );
}

export function PostBox({
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
  const hydrated = useHydrated();
  const from = useReturnTarget(episodeId);
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<CommentRefusal | undefined>(noScriptRefusal);
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const check = checkDraft(draft, post.maxLength);
  const fetcher = useCommentAction((result) => {
    const outcome = commentOutcome(result);
    if (outcome.clearDraft) setDraft('');
    setRefusal(outcome.refusal);
    if (outcome.refusal) textareaRef.current?.focus();
    onPosted(result);
  });

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
        <Button
          type="submit"
          size="md"
          disabled={hydrated && (check.empty || check.tooLong)}
          busy={fetcher.state !== 'idle'}
          busyLabel={t('comments.post.posting')}
        >
          {t('comments.post.submit')}
        </Button>
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
            <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0">
              <RefusalText refusal={refusal} />
            </span>
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
