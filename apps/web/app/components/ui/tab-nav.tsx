import { Link } from 'react-router';

export interface TabLink {
  key: string | number;
  label: string;
  href: string;
  current: boolean;
  /** A small mark beside the label (e.g. "Today"). */
  mark?: string;
}

/** Tabs that are links (they work without JavaScript); the current one is marked for assistive tech. */
export function TabNav({ tabs, label }: { tabs: readonly TabLink[]; label: string }) {
  return (
    <nav
      aria-label={label}
      className="-mx-4 mb-6 overflow-x-auto px-4 sm:-mx-6 sm:px-6 lg:mx-0 lg:px-0 [&::-webkit-scrollbar]:hidden"
    >
      <ul className="flex min-w-max gap-2 border-b border-zinc-200 pb-3">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.href}
              preventScrollReset
              aria-current={tab.current ? 'page' : undefined}
              className={`inline-flex h-9 items-center gap-1.5 rounded-full px-4 text-sm font-bold whitespace-nowrap transition ${
                tab.current ? 'bg-ink text-white shadow-sm' : 'bg-zinc-100 text-zinc-700 hover:bg-zinc-200'
              }`}
            >
              {tab.label}
              {tab.mark ? (
                <span
                  className={`rounded-full px-1.5 py-px text-[10px] font-black tracking-wide uppercase ${
                    tab.current ? 'bg-brand-500 text-white' : 'bg-brand-100 text-brand-700'
                  }`}
                >
                  {tab.mark}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
