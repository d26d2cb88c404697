import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '#app/components/ui/icon.tsx';

/** A titled block of a catalogue page, with an optional "see all" link beside its heading. */
export function CatalogueSection({
  id,
  title,
  lead,
  more,
  children,
  className = '',
}: {
  id: string;
  title: string;
  lead?: string;
  more?: { href: string; label: string };
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`mx-auto w-full max-w-7xl px-4 py-7 sm:px-6 sm:py-9 lg:px-8 ${className}`}>
      <div className="mb-4 flex items-end justify-between gap-4 sm:mb-5">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-extrabold tracking-tight text-ink sm:text-2xl">
            {title}
          </h2>
          {lead ? <p className="mt-1 text-sm text-zinc-500">{lead}</p> : null}
        </div>
        {more ? (
          <Link
            to={more.href}
            className="inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-1 text-sm font-bold text-brand-600 hover:bg-brand-50 hover:text-brand-700"
          >
            {more.label}
            <Icon name="arrowRight" className="size-3.5" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
