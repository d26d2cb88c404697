import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDateFormat } from '#app/i18n/date-format.ts';
import type { LinkView } from './wallet.ts';

// Building blocks of the wallet pages: a titled card, an empty state, and dates in the site's zone.

export function WalletCard({
  id,
  title,
  aside,
  children,
  testId,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-extrabold text-ink">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

export function EmptyState({
  title,
  body,
  action,
  testId,
}: {
  title: string;
  body: string;
  action?: { href: string; label: string };
  testId?: string;
}) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-5 py-10 text-center" data-testid={testId}>
      <p className="text-base font-extrabold text-ink">{title}</p>
      <p className="mx-auto mt-1.5 max-w-md text-sm text-zinc-600">{body}</p>
      {action ? (
        <Link
          to={action.href}
          className="mt-5 inline-flex h-10 items-center rounded-full bg-ink px-5 text-sm font-bold text-white transition hover:bg-zinc-800"
        >
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

/** Dates of ISO instants in the reader's own time zone (i18n/date-format.ts, issue 24). */
export function useWalletDates(): { date(iso: string): string; dateTime(iso: string): string } {
  const dates = useDateFormat();
  return { date: dates.mediumDate, dateTime: dates.dateTime };
}

export const pillLink =
  'inline-flex h-9 items-center rounded-full bg-zinc-100 px-4 text-xs font-bold text-ink transition hover:bg-zinc-200 sm:text-sm';
export const primaryLink =
  'inline-flex h-9 items-center rounded-full bg-brand-500 px-4 text-xs font-bold text-white transition hover:bg-brand-600 sm:text-sm';

/** What a history row is about: its title and chapter as links, and anything else named (a magazine). */
export function MovementSubject({
  title,
  episode,
  more,
}: {
  title: LinkView | undefined;
  episode: LinkView | undefined;
  more?: ReactNode;
}) {
  if (!title && !episode && !more) return null;
  return (
    <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm break-words text-zinc-700">
      {title ? (
        <Link to={title.href} className="font-semibold text-brand-700 hover:underline">
          {title.name}
        </Link>
      ) : null}
      {episode ? (
        <Link to={episode.href} className="text-brand-700 hover:underline">
          {episode.name}
        </Link>
      ) : null}
      {more}
    </p>
  );
}
