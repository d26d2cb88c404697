import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoginState } from '#app/client/login-state.tsx';
import { BrandMark } from '#app/components/ui/brand-mark.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { AccountMenu } from '#app/features/account/account-menu.tsx';
import type { ViewerBase } from './viewer.ts';

/**
 * The reader's top bar: back to the title, the chapter and title names, the header's account menu
 * for a logged-in reader (My page, settings, log out, as on every other screen), the way home.
 */
export function ViewerTopBar({ viewer, children }: { viewer: ViewerBase; children?: ReactNode }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useLoginState();
  return (
    <div className="flex h-14 items-center gap-2 px-2 sm:gap-3 sm:px-4">
      <Link
        to={viewer.titleHref}
        className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-zinc-200 transition hover:bg-white/10"
        aria-label={t('episode.viewer.back_to_title')}
      >
        <Icon name="back" className="size-4" />
        <span className="hidden sm:inline">{t('episode.viewer.back_to_title')}</span>
      </Link>
      <h1 className="min-w-0 flex-1 text-center leading-tight">
        <span className="block truncate text-sm font-bold sm:text-base">{viewer.episodeName}</span>
        <span className="block truncate text-xs text-zinc-400">{viewer.titleName}</span>
      </h1>
      {children}
      {isLoggedIn ? <AccountMenu /> : null}
      <Link
        to="/"
        aria-label={t('episode.viewer.last_page.go_home')}
        className="grid size-10 shrink-0 place-items-center rounded-full transition hover:bg-white/10"
      >
        <BrandMark className="size-7" />
      </Link>
    </div>
  );
}

/**
 * A viewer page that is not the reader (locked, age-restricted): the window on ink with the top bar,
 * or in the embedded viewer only a heading for assistive technology, then the content.
 */
export function ViewerPageFrame({ viewer, children }: { viewer: ViewerBase; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-1 flex-col bg-ink text-white">
      {viewer.mode === 'embed' ? (
        <h1 className="sr-only">{`${viewer.episodeName} – ${viewer.titleName}`}</h1>
      ) : (
        <header className="sticky top-0 z-20 border-b border-white/10 bg-ink/95 backdrop-blur">
          <ViewerTopBar viewer={viewer} />
        </header>
      )}
      {children}
    </div>
  );
}
