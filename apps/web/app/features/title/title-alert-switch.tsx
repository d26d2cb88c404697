import { responseCodeMessageKey } from '@manga/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { FOLLOW_INTENT_FIELD } from './follow.ts';
import {
  TITLE_ALERT_FIELD,
  TITLE_ALERT_INTENT,
  type TitleAlertActionResult,
  type TitleAlertView,
  titleAlertStateOf,
} from './title-alert.ts';

const SETTINGS_ALERTS_HREF = '/my/setting#chapter-alerts';

/**
 * "E-mail me new chapters" for a followed title (issue 28, ADR 065 addendum): a form that works
 * without JavaScript (the page is drawn again with the new state) and, with it, a fetcher shown at
 * once as done. Hidden unless the reader follows the title; disabled, with a link to the settings,
 * while the account's alert mail is off.
 */
export function TitleAlertSwitch({
  alert,
  following,
  posted,
}: {
  alert: TitleAlertView | undefined;
  following: boolean;
  /** The answer of a post without JavaScript (the page's action data). */
  posted: TitleAlertActionResult | undefined;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TitleAlertActionResult>();
  const noteId = useId();
  const state = titleAlertStateOf(alert, following);
  if (state === 'hidden') return null;
  const blocked = state === 'blocked';
  const pending = fetcher.formData?.get(TITLE_ALERT_FIELD);
  const result = fetcher.data ?? posted;
  const on = blocked
    ? false
    : typeof pending === 'string'
      ? pending === '1'
      : fetcher.data?.status === 'done'
        ? fetcher.data.alertMail
        : state === 'on';
  const failure = result?.status === 'failed' && fetcher.state === 'idle' ? result.code : undefined;
  return (
    <fetcher.Form
      method="post"
      className="flex basis-full flex-wrap items-center gap-x-3 gap-y-1"
      data-testid="title-alert"
      data-state={blocked ? 'blocked' : on ? 'on' : 'off'}
    >
      <input type="hidden" name={FOLLOW_INTENT_FIELD} value={TITLE_ALERT_INTENT} />
      <input type="hidden" name={TITLE_ALERT_FIELD} value={on ? '0' : '1'} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-describedby={blocked ? noteId : undefined}
        aria-busy={fetcher.state !== 'idle'}
        disabled={blocked}
        // One change at a time: a second press while the first is on its way does nothing.
        onClick={(event) => {
          if (fetcher.state !== 'idle') event.preventDefault();
        }}
        className="group inline-flex min-h-9 items-center gap-2.5 rounded-full py-1 pr-3 pl-1 text-sm font-bold text-white transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:text-zinc-400 disabled:hover:bg-transparent"
        data-testid="title-alert-switch"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-6 w-10 shrink-0 items-center rounded-full ring-1 transition ${on ? 'bg-rose-600 ring-rose-500' : 'bg-white/15 ring-white/40'}`}
        >
          <span
            className={`absolute size-4.5 rounded-full shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0.5'} ${blocked ? 'bg-zinc-400' : 'bg-white'}`}
          />
        </span>
        {t('alerts.title_switch_label')}
      </button>
      {blocked ? (
        <p id={noteId} className="text-xs text-zinc-300" data-testid="title-alert-blocked">
          {t('alerts.title_blocked')}{' '}
          <Link to={SETTINGS_ALERTS_HREF} className="font-bold text-white underline underline-offset-2">
            {t('alerts.title_blocked_link')}
          </Link>
        </p>
      ) : null}
      {failure !== undefined ? (
        <p role="alert" className="text-xs text-rose-100">
          {t(responseCodeMessageKey(failure))}{' '}
          <span className="text-[11px] text-zinc-300">{t('common.error_code', { code: failure })}</span>
        </p>
      ) : null}
    </fetcher.Form>
  );
}
