import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './breadcrumbs.tsx';

export type { Crumb };

/** Breadcrumbs, the page heading and its lead, above the page's own content. */
export function PageFrame({
  title,
  lead,
  crumbs = [],
  children,
}: {
  title: string;
  lead?: string;
  crumbs?: readonly Crumb[];
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-5 pb-14 sm:px-6 sm:pt-7 lg:px-8">
      <Breadcrumbs crumbs={[...crumbs, { label: title }]} />
      <header className="mt-4 mb-7 sm:mt-5 sm:mb-9">
        <h1 className="text-2xl font-black tracking-tight text-ink sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-2 max-w-2xl text-sm leading-relaxed text-zinc-600 sm:text-base">{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}
