import { ApiError, getNickname, setNickname } from '@manga/api-client';
import {
  cleanNickname,
  NICKNAME_CHANGE_INTERVAL_DAYS,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
} from '@manga/contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { useDateFormat } from '#app/i18n/date-format.ts';
import { useRootData } from '#app/root-data.ts';
import {
  type NicknameErrorKey,
  type NicknameView,
  nicknameErrorOf,
  nicknameInputProblem,
  toNicknameView,
} from './nickname.ts';

/** /my/setting: the nickname shown on the reader's comments (ADR 066), and when it may change next. */
export function NicknameSection() {
  const { t } = useTranslation();
  const root = useRootData();
  const dates = useDateFormat();
  const { isLoggedIn } = useLoginState();
  const api = useMemo(() => (root ? browserApi(root) : undefined), [root]);
  const wireTimeZone = root?.wireTimeZone ?? 'Asia/Tokyo';
  const [view, setView] = useState<NicknameView | undefined>(undefined);
  const [input, setInput] = useState('');
  const [error, setError] = useState<NicknameErrorKey | undefined>(undefined);
  const [done, setDone] = useState<'saved' | 'removed' | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  useEffect(() => {
    if (!api || !isLoggedIn) return;
    let live = true;
    getNickname(api)
      .then((setting) => {
        if (!live) return;
        const next = toNicknameView(setting, wireTimeZone);
        setView(next);
        setInput(next.nickname ?? '');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, isLoggedIn, wireTimeZone]);
  if (view === undefined) return null;

  const nextChange = view.nextChangeAt ? dates.dateTime(view.nextChangeAt) : undefined;
  const length = [...cleanNickname(input)].length;
  const send = (nickname: string) => {
    if (!api) return;
    const problem = nicknameInputProblem(nickname);
    if (problem) {
      setError(problem);
      setDone(undefined);
      return;
    }
    setBusy(true);
    setNickname(api, { nickname })
      .then((setting) => {
        const next = toNicknameView(setting, wireTimeZone);
        setView(next);
        setInput(next.nickname ?? '');
        setError(undefined);
        setDone(next.nickname ? 'saved' : 'removed');
      })
      .catch((thrown: unknown) => {
        setDone(undefined);
        setError(nicknameErrorOf(thrown instanceof ApiError ? thrown.responseCode : 0, nickname));
        if (thrown instanceof ApiError && thrown.responseCode !== 0) {
          void getNickname(api).then((setting) => setView(toNicknameView(setting, wireTimeZone)));
        }
      })
      .finally(() => setBusy(false));
  };
  const limits = { min: NICKNAME_MIN_LENGTH, max: NICKNAME_MAX_LENGTH, days: NICKNAME_CHANGE_INTERVAL_DAYS };
  const unchanged = cleanNickname(input) === (view.nickname ?? '');
  return (
    <section
      id="nickname"
      aria-labelledby={headingId}
      className="scroll-mt-32 rounded-2xl border border-zinc-200 bg-white shadow-sm"
      data-testid="nickname-settings"
    >
      <h2 id={headingId} className="border-b border-zinc-100 px-5 py-4 text-base font-bold text-ink sm:px-6">
        {t('nickname.title')}
      </h2>
      <div className="grid gap-3 px-5 py-4 sm:px-6">
        <p className="text-sm leading-relaxed text-zinc-600">{t('nickname.help', limits)}</p>
        <p className="text-sm">
          <span className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t('nickname.current')}</span>
          <span
            className={`ml-2 break-all ${view.nickname ? 'font-semibold text-ink' : 'text-zinc-600'}`}
            data-testid="nickname-current"
          >
            {view.nickname ?? t('nickname.none')}
          </span>
        </p>
        <form
          noValidate
          className="flex flex-wrap items-start gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            send(input);
          }}
        >
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor={inputId} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
              {t('nickname.label')}
            </label>
            <input
              id={inputId}
              name="nickname"
              value={input}
              autoComplete="nickname"
              maxLength={NICKNAME_MAX_LENGTH * 2}
              aria-describedby={`${helpId}${error ? ` ${errorId}` : ''}`}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                setInput(event.target.value);
                setError(undefined);
                setDone(undefined);
              }}
              className={`mt-1 w-full rounded-lg border px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${error ? 'border-red-500' : 'border-zinc-300 focus:border-brand-600'}`}
              data-testid="nickname-input"
            />
            <p id={helpId} className="mt-1 flex justify-between gap-3 text-xs text-zinc-600">
              <span data-testid="nickname-next-change">
                {view.canChange ? t('nickname.can_change', limits) : t('nickname.next_change', { time: nextChange })}
              </span>
              <span
                aria-hidden="true"
                className={length > NICKNAME_MAX_LENGTH ? 'font-semibold text-red-700' : undefined}
              >
                {t('nickname.counter', { count: length, max: NICKNAME_MAX_LENGTH })}
              </span>
            </p>
          </div>
          <div className="flex shrink-0 gap-2 sm:mt-5">
            <button
              type="submit"
              disabled={busy || unchanged || !view.canChange}
              className="inline-flex h-9 items-center rounded-full bg-brand-700 px-4 text-sm font-bold text-white transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:bg-zinc-200 disabled:text-zinc-600"
              data-testid="nickname-save"
            >
              {t('nickname.save')}
            </button>
            {view.nickname ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => send('')}
                className="inline-flex h-9 items-center rounded-full px-4 text-sm font-bold text-zinc-700 ring-1 ring-zinc-300 transition hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-zinc-400"
                data-testid="nickname-remove"
              >
                {t('nickname.remove')}
              </button>
            ) : null}
          </div>
        </form>
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-semibold text-red-700" data-testid="nickname-error">
            {t(`nickname.errors.${error}`, { ...limits, time: nextChange ?? '' })}
          </p>
        ) : null}
        {done ? (
          <p role="status" className="text-sm font-semibold text-emerald-700" data-testid="nickname-done">
            {t(done === 'saved' ? 'nickname.saved' : 'nickname.removed')}
          </p>
        ) : null}
      </div>
    </section>
  );
}
