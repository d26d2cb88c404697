import { COMMENT_REPORT_NOTE_MAX_LENGTH, COMMENT_REPORT_REASONS } from '@manga/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { ScriptMarker, useHydrated } from '#app/features/account/account-form.tsx';
import { formatDateTime } from '#app/i18n/date-format.ts';
import { commentOutcome, shownLike } from './comment-outcome.ts';
import { RefusalText, useLocaleAndZone } from './comment-text.tsx';
import {
  avatarOf,
  type CommentActionResult,
  type CommenterName,
  type CommentRefusal,
  type CommentView,
  commentIntentOf,
  commentsEndpoint,
} from './comments.ts';
import { useCommentAction, useReturnTarget } from './use-episode-comments.ts';

// One comment of the section (ADR 013): who wrote it and when, its text, its likes, and for other
// readers' comments like, mute and report (the last two after a confirmation).

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

/** A label beside the comment's buttons, of their size. */
const chip = 'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-xs font-bold';

/** The like button's colours when on (aria-pressed), over the ghost button's. */
const likedColours = 'aria-pressed:text-rose-600 aria-pressed:hover:bg-rose-50 aria-pressed:hover:text-rose-600';

type Confirming = 'mute' | 'report' | undefined;

/** Why the reader reports (one of a fixed list; none is still a report) and an optional note, sent with it. */
function ReportReasonFields({ commentId }: { commentId: number }) {
  const { t } = useTranslation();
  const noteId = `report-note-${commentId}`;
  return (
    <>
      <fieldset className="mt-3" data-testid="comment-report-reasons">
        <legend className="text-sm font-bold text-ink">{t('comments.report_reason.legend')}</legend>
        <div className="mt-1.5 grid gap-1 sm:grid-cols-2">
          {COMMENT_REPORT_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm text-zinc-800 hover:bg-white has-[:checked]:bg-white has-[:checked]:font-semibold has-[:checked]:ring-1 has-[:checked]:ring-brand-300"
            >
              <input type="radio" name="reason" value={reason} className="size-4 accent-brand-600" />
              {t(`comments.report_reason.${reason}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={noteId} className="mt-3 block text-sm font-bold text-ink">
        {t('comments.report_note.label')}
      </label>
      <textarea
        id={noteId}
        name="reason_text"
        maxLength={COMMENT_REPORT_NOTE_MAX_LENGTH}
        rows={2}
        className="mt-1 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-ink"
        aria-describedby={`${noteId}-hint`}
        data-testid="comment-report-note"
      />
      <p id={`${noteId}-hint`} className="mt-0.5 text-xs text-zinc-500">
        {t('comments.report_note.hint', { count: COMMENT_REPORT_NOTE_MAX_LENGTH })}
      </p>
    </>
  );
}

export function CommentItem({
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
  const hydrated = useHydrated();
  const from = useReturnTarget(episodeId);
  const [confirming, setConfirming] = useState<Confirming>(undefined);
  const [reported, setReported] = useState(false);
  const [failure, setFailure] = useState<CommentRefusal | undefined>(undefined);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const name = comment.author.nickname ?? t('comments.reader_name', { tag: comment.author.tag });
  const fetcher = useCommentAction((result) => {
    const outcome = commentOutcome(result);
    setConfirming(undefined);
    setFailure(outcome.refusal);
    if (outcome.reported) setReported(true);
    onChange(result);
  });

  useEffect(() => {
    if (!confirming) return;
    // A report starts at its first reason; a mute at its button.
    const button = confirmRef.current;
    (button?.form?.querySelector<HTMLInputElement>('input[type="radio"]') ?? button)?.focus();
  }, [confirming]);

  const { liked, likeCount } = shownLike(comment, commentIntentOf(fetcher.formData?.get('intent')));
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
              <Button
                type="submit"
                variant="ghost"
                size="xs"
                className={likedColours}
                aria-pressed={liked}
                aria-label={t('comments.like_label', { count: likeCount })}
                data-testid="comment-like"
              >
                <Icon name="heart" className="size-4" filled={liked} />
                <span className="tabular-nums" data-testid="comment-like-count">
                  {likeCount}
                </span>
              </Button>
            </fetcher.Form>
          ) : (
            <span className={`${chip} text-zinc-500`}>
              <Icon name="heart" className="size-4" />
              <span className="tabular-nums" aria-hidden="true" data-testid="comment-like-count">
                {likeCount}
              </span>
              <span className="sr-only">{t('comments.likes', { count: likeCount })}</span>
            </span>
          )}
          {signedIn && !comment.isMine && hydrated ? (
            <>
              <Button
                variant="ghost"
                size="xs"
                ref={confirming === 'mute' ? openerRef : undefined}
                onClick={() => setConfirming(confirming === 'mute' ? undefined : 'mute')}
                aria-expanded={confirming === 'mute'}
              >
                {t('comments.mute')}
              </Button>
              {reported ? (
                <span className={`${chip} text-emerald-700`} role="status" data-testid="comment-reported">
                  {t('comments.reported')}
                </span>
              ) : (
                <Button
                  variant="ghost"
                  size="xs"
                  ref={confirming === 'report' ? openerRef : undefined}
                  onClick={() => setConfirming(confirming === 'report' ? undefined : 'report')}
                  aria-expanded={confirming === 'report'}
                  data-testid="comment-report"
                >
                  {t('comments.report')}
                </Button>
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
            {confirming === 'report' ? <ReportReasonFields commentId={comment.id} /> : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <Button ref={confirmRef} type="submit" variant="neutral" size="sm" busy={fetcher.state !== 'idle'}>
                {t(`comments.${confirming}_confirm.submit`)}
              </Button>
              <Button variant="secondary" size="sm" onClick={cancel}>
                {t('comments.cancel')}
              </Button>
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
