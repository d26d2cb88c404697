// The phone's bottom tab bar (ADR 060): which tab a path belongs to, and where each tab goes.

export type PhoneTab = 'home' | 'search' | 'library' | 'account';

export const PHONE_TABS: readonly PhoneTab[] = ['home', 'search', 'library', 'account'];

/** Where a tab goes: the library is the reading history (with purchases), the account is /my. */
export const PHONE_TAB_PATHS: Readonly<Record<PhoneTab, string>> = {
  home: '/',
  search: '/search',
  library: '/my/history',
  account: '/my',
};

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The tab a page belongs to, if any (a title page belongs to none: it is reached from all of them). */
export function currentPhoneTab(pathname: string): PhoneTab | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return 'home';
  if (under(path, '/search')) return 'search';
  if (under(path, '/my/history') || under(path, '/my/purchased')) return 'library';
  if (under(path, '/my')) return 'account';
  return undefined;
}
