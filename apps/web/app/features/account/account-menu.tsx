import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import { useLoginState } from '#app/client/login-state.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { LOGOUT_ACTION_PATH, MY_PAGE_PATH, SETTINGS_PATH, TICKETS_PATH } from './account-paths.ts';
import { useTicketExpiryBadge } from './ticket-expiry-badge.ts';

// The header's account menu of a logged-in reader (WAI-ARIA menu button pattern): a button that
// opens a menu of My page, Settings and Log out. Enter, Space or ArrowDown open it on the first
// item, ArrowUp on the last; arrows, Home and End move; Escape and Tab close it, Escape returning
// focus to the button; a click outside closes it. Before hydration (and with JavaScript off) the
// button is a plain link to My page. A dot on the button says a premium ticket expires soon
// (product §4); opening the menu clears it and the menu then leads to the tickets.

const itemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2.5 text-left text-sm font-semibold text-ink outline-none transition hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-brand-500';
const triggerClass =
  'inline-flex h-9 items-center gap-2 rounded-full bg-ink px-3 text-sm font-bold text-white transition hover:bg-zinc-800 sm:px-4';

function menuItemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

export function AccountMenu() {
  const { t } = useTranslation();
  const { setLoggedIn } = useLoginState();
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const { showBadge, clear } = useTicketExpiryBadge();
  /** The badge was on when the menu opened: the menu says why. */
  const [ticketNotice, setTicketNotice] = useState(false);

  useEffect(() => setHydrated(true), []);
  // A navigation (one of the links, or anything else) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation by design
  useEffect(() => setOpen(false), [location.key]);

  const items = () => menuItemsOf(menuRef.current);

  useEffect(() => {
    if (!open) return;
    const list = menuItemsOf(menuRef.current);
    // -1: the last item, counted once the menu has rendered (the ticket notice adds one).
    if (focusIndex < 0) setFocusIndex(list.length - 1);
    else list[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
    // Toggling clears the badge (product §4).
    if (showBadge) {
      setTicketNotice(true);
      clear();
    }
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(-1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = items().length;
    const moves: Record<string, number> = {
      ArrowDown: (focusIndex + 1) % count,
      ArrowUp: (focusIndex - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
      items()[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  if (!hydrated) {
    return (
      <Link to={MY_PAGE_PATH} data-testid="header-my-page" className={triggerClass}>
        <Icon name="person" className="size-4" />
        <span className="hidden sm:inline">{t('header.my_page')}</span>
        <span className="sr-only sm:hidden">{t('header.my_page')}</span>
      </Link>
    );
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        data-testid="header-my-page"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className={triggerClass}
      >
        <span className="relative">
          <Icon name="person" className="size-4" />
          {showBadge ? (
            <span
              data-testid="ticket-expiry-badge"
              className="absolute -top-1 -right-1 size-2.5 rounded-full bg-amber-400 ring-2 ring-ink"
            />
          ) : null}
        </span>
        <span className="hidden sm:inline">{t('header.account_menu')}</span>
        <span className="sr-only sm:hidden">{t('header.account_menu')}</span>
        {showBadge ? <span className="sr-only">{t('header.ticket_expiry_badge')}</span> : null}
        <svg viewBox="0 0 20 20" className="size-3.5" fill="currentColor" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        data-testid="account-menu"
        className="absolute right-0 z-40 mt-2 w-56 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-xl shadow-black/10"
      >
        {ticketNotice ? (
          <Link
            role="menuitem"
            tabIndex={-1}
            to={TICKETS_PATH}
            data-testid="ticket-expiry-notice"
            className={`${itemClass} bg-amber-50 text-amber-900`}
          >
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-amber-500" />
            {t('header.ticket_expiry_notice')}
          </Link>
        ) : null}
        <Link role="menuitem" tabIndex={-1} to={MY_PAGE_PATH} className={itemClass}>
          {t('header.my_page')}
        </Link>
        <Link role="menuitem" tabIndex={-1} to={SETTINGS_PATH} className={itemClass}>
          {t('header.settings')}
        </Link>
        <div role="none" className="my-1 border-t border-zinc-100" />
        <Form role="none" method="post" action={LOGOUT_ACTION_PATH} onSubmit={() => setLoggedIn(false)}>
          <button
            type="submit"
            role="menuitem"
            tabIndex={-1}
            data-testid="header-logout"
            className={`${itemClass} text-red-700`}
          >
            {t('settings.logout')}
          </button>
        </Form>
      </div>
    </div>
  );
}
