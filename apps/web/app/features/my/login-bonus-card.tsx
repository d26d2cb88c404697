import { claimLoginBonus, getLoginBonusCalendar, responseCodeOf } from '@manga/api-client';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useActionData, useFetcher, useLocation, useRevalidator } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useRootData } from '#app/root-data.ts';
import {
  LOGIN_BONUS_INTENT,
  LOGIN_BONUS_OFFERED_KEY,
  type LoginBonusActionResult,
  type LoginBonusDayView,
  type LoginBonusView,
  nextDayIndex,
  toLoginBonusView,
  wireDayOf,
} from './login-bonus.ts';

// The login bonus (issue 24 item 8, ADR 058): the 7-day calendar with today marked and the days
// received ticked, the claim, and its answer with the new balance. /my shows it always; any other
// page of the default layout offers it once a wire day while today's bonus is still to claim.

/** "20 pt", or "30 pt + 1 premium ticket". */
function useReward(): (reward: { point: number; tickets: number }) => string {
  const { t } = useTranslation();
  return ({ point, tickets }) => {
    const points = t('catalogue.badge.points', { count: point });
    return tickets > 0 ? t('login_bonus.reward_with_ticket', { points, count: tickets }) : points;
  };
}

function Day({ day }: { day: LoginBonusDayView }) {
  const { t } = useTranslation();
  const state = day.received ? t('login_bonus.received') : day.today ? t('login_bonus.today') : '';
  return (
    <li
      aria-current={day.today ? 'date' : undefined}
      data-testid="login-bonus-day"
      data-received={day.received ? '1' : '0'}
      data-today={day.today ? '1' : '0'}
      className={`relative flex min-w-0 flex-col items-center gap-1 rounded-xl px-0.5 py-2 text-center ring-1 sm:px-2 sm:py-3 ${
        day.today
          ? 'bg-brand-50 ring-2 ring-brand-500'
          : day.received
            ? 'bg-zinc-100 ring-zinc-200'
            : 'bg-white ring-zinc-200'
      }`}
    >
      <span className={`text-[11px] font-bold sm:text-xs ${day.today ? 'text-brand-700' : 'text-zinc-600'}`}>
        {t('login_bonus.day', { index: day.index })}
      </span>
      <span className="text-sm font-black text-ink tabular-nums sm:text-base">
        {t('login_bonus.day_points', { count: day.point })}
      </span>
      {day.tickets > 0 ? (
        <span className="flex items-center gap-0.5 text-[11px] font-bold text-amber-700">
          <Icon name="ticket" className="size-3.5" />
          <span className="sr-only">{t('login_bonus.ticket', { count: day.tickets })}</span>
          <span aria-hidden="true">×{day.tickets}</span>
        </span>
      ) : null}
      <span
        className={`text-[10px] font-bold sm:text-[11px] ${day.received ? 'text-emerald-700' : 'text-brand-700'}`}
        aria-hidden={state ? undefined : true}
      >
        {day.received ? '✓ ' : ''}
        {state}
      </span>
    </li>
  );
}

/** The seven days of the cycle, what each gives, today and the days received. */
export function LoginBonusCalendar({ view }: { view: LoginBonusView }) {
  const { t } = useTranslation();
  return (
    <ol
      aria-label={t('login_bonus.calendar')}
      className="grid grid-cols-7 gap-1 sm:gap-2"
      data-testid="login-bonus-calendar"
    >
      {view.days.map((day) => (
        <Day key={day.index} day={day} />
      ))}
    </ol>
  );
}

/** Where the reader stands today: what the claim gave and the new balance, received earlier, or what is waiting. */
function Status({ view }: { view: LoginBonusView }) {
  const { t } = useTranslation();
  const reward = useReward();
  const today = view.days.find((day) => day.today);
  if (view.received) {
    return (
      <p role="status" className="text-sm font-semibold text-emerald-800" data-testid="login-bonus-received">
        {t('login_bonus.received_now', { index: view.todayIndex, reward: reward(view.received) })}{' '}
        <span className="font-bold text-ink" data-testid="login-bonus-balance">
          {t('login_bonus.balance', { points: t('catalogue.badge.points', { count: view.accountPoint }) })}
        </span>
      </p>
    );
  }
  if (view.claimedToday) {
    return (
      <p className="text-sm text-zinc-700" data-testid="login-bonus-done">
        {t('login_bonus.done', { next: nextDayIndex(view) })}
      </p>
    );
  }
  return (
    <p className="text-sm text-zinc-700" data-testid="login-bonus-waiting">
      {t('login_bonus.waiting', {
        index: view.todayIndex,
        reward: reward({ point: today?.point ?? 0, tickets: today?.tickets ?? 0 }),
      })}
    </p>
  );
}

/** The calendar, where the reader stands, and the claim (`claim`) while today's is still to take. */
function LoginBonusBody({ view, claim, error }: { view: LoginBonusView; claim: ReactNode; error: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <LoginBonusCalendar view={view} />
      {view.daysInARow > 1 ? (
        <p className="text-xs font-semibold text-zinc-600" data-testid="login-bonus-streak">
          {t('login_bonus.streak', { count: view.daysInARow })}
        </p>
      ) : null}
      <Status view={view} />
      <FormError code={error} />
      {view.claimedToday ? null : claim}
    </div>
  );
}

/** /my's login bonus: the calendar and the claim, a form that works without JavaScript. */
export function MyLoginBonus({ view: loaded }: { view: LoginBonusView }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<LoginBonusActionResult>();
  const posted = useActionData<LoginBonusActionResult>();
  const answer = fetcher.data ?? posted;
  const view = answer?.status === 'claimed' ? answer.bonus : loaded;
  return (
    <LoginBonusBody
      view={view}
      error={answer?.status === 'failed' ? answer.code : undefined}
      claim={
        <fetcher.Form method="post" action="/my" preventScrollReset>
          <input type="hidden" name="intent" value={LOGIN_BONUS_INTENT} />
          <Button type="submit" size="lg" busy={fetcher.state !== 'idle'} data-testid="login-bonus-claim">
            {t('login_bonus.claim')}
          </Button>
        </fetcher.Form>
      }
    />
  );
}

function rememberOffered(day: string): void {
  try {
    window.localStorage.setItem(LOGIN_BONUS_OFFERED_KEY, day);
  } catch {
    // Storage can be disabled: the offer may then come again on another page today.
  }
}

function offeredOn(): string | null {
  try {
    return window.localStorage.getItem(LOGIN_BONUS_OFFERED_KEY);
  } catch {
    return null;
  }
}

/**
 * The offer on the first page of the day after logging in (or coming back logged in): a card at the
 * top of the page, not a modal, shown once a wire day while today's bonus is still to claim. It
 * claims in the browser (GET /loginbonus through the web origin) and shows the answer in place.
 */
export function LoginBonusOffer() {
  const { t } = useTranslation();
  const root = useRootData();
  const { isLoggedIn } = useLoginState();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const [view, setView] = useState<LoginBonusView | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<number | undefined>(undefined);
  // /my shows the calendar itself; the console is staff work.
  const here = pathname === '/my' || pathname.startsWith('/ops');

  useEffect(() => {
    if (!root || root.offlineShell || !isLoggedIn || here || view) return;
    const today = wireDayOf(new Date(), root.wireTimeZone);
    if (offeredOn() === today) return;
    let cancelled = false;
    getLoginBonusCalendar(browserApi(root))
      .then((answer) => {
        const calendar = toLoginBonusView(answer);
        if (cancelled || !calendar) return;
        rememberOffered(today);
        if (!calendar.claimedToday) setView(calendar);
      })
      .catch((failure: unknown) => {
        console.warn(`The login bonus could not be read (${responseCodeOf(failure)})`);
      });
    return () => {
      cancelled = true;
    };
  }, [root, isLoggedIn, here, view]);

  // Reached /my right after logging in: its own card shows the calendar.
  if (!view || !root || here) return null;
  const claim = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const claimed = toLoginBonusView(await claimLoginBonus(browserApi(root)));
      if (claimed) setView(claimed);
      // The header's and the page's balances.
      void revalidator.revalidate();
    } catch (failure) {
      setError(responseCodeOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="login-bonus-offer-heading"
      data-testid="login-bonus-offer"
      className="mx-auto mt-4 w-full max-w-3xl px-4"
    >
      <div className="rounded-2xl border border-brand-200 bg-white p-4 shadow-lg sm:p-5">
        <div className="mb-3 flex items-start justify-between gap-3">
          <div>
            <h2 id="login-bonus-offer-heading" className="text-base font-extrabold text-ink sm:text-lg">
              {t('login_bonus.heading')}
            </h2>
            <p className="mt-0.5 text-xs text-zinc-600 sm:text-sm">{t('login_bonus.lead')}</p>
          </div>
          <button
            type="button"
            onClick={() => setView(undefined)}
            className="grid size-11 shrink-0 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100"
            data-testid="login-bonus-close"
          >
            <Icon name="close" className="size-5" />
            <span className="sr-only">{t('login_bonus.close')}</span>
          </button>
        </div>
        <LoginBonusBody
          view={view}
          error={error}
          claim={
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" size="lg" busy={busy} onClick={claim} data-testid="login-bonus-claim">
                {t('login_bonus.claim')}
              </Button>
              <Link to="/my" className="text-sm font-bold text-brand-700 hover:underline">
                {t('login_bonus.to_my')}
              </Link>
            </div>
          }
        />
      </div>
    </section>
  );
}
