import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionError } from '#app/components/ui/form-error.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { LogoutButton } from '#app/features/account/logout-button.tsx';
import { BookmarkList } from '#app/features/bookmarks/bookmark-list.tsx';
import { HistoryCard } from '#app/features/catalogue/continue-reading.tsx';
import { Pager } from '#app/features/catalogue/pager.tsx';
import { TitleCard } from '#app/features/catalogue/title-card.tsx';
import { MyCommentActivitySections } from '#app/features/comments/my-comment-activity.tsx';
import { DownloadsList } from '#app/features/offline/downloads-list.tsx';
import { useDownloads } from '#app/features/offline/use-downloads.ts';
import { useDateFormat } from '#app/i18n/date-format.ts';
import { usePersonal } from '#app/personal/personal.tsx';
import { useLibrarySnapshot } from './library-snapshot.ts';
import { MyLoginBonus } from './login-bonus-card.tsx';
import {
  type FollowedView,
  MY_PURCHASED_PAGE_PARAM,
  type MyLoaderData,
  type MyPageData,
  type PurchasedView,
  type Section,
  type WalletView,
} from './my-page.ts';

// /my, the reader's hub (see my-page.ts).

const GRID_SIZES = '(min-width: 1024px) 176px, (min-width: 640px) 30vw, 45vw';
const pill =
  'inline-flex h-9 items-center rounded-full bg-zinc-100 px-4 text-xs font-bold text-ink transition hover:bg-zinc-200 sm:text-sm';

function Card({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-extrabold text-ink">
          {title}
        </h2>
        {more ? (
          <Link to={more.href} className="text-sm font-bold text-brand-700 hover:underline">
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-zinc-50 px-4 py-6 text-center text-sm text-zinc-600">{children}</p>;
}

function SectionBody<T>({ section, children }: { section: Section<T> | undefined; children: (value: T) => ReactNode }) {
  // undefined: the member shell before the reader's answer (ADR 048): the section's place, blank.
  if (!section) return <div className="h-24 rounded-xl bg-zinc-50" aria-busy="true" data-personal="pending" />;
  return section.status === 'failed' ? <SectionError code={section.code} /> : children(section.value);
}

function Wallet({ wallet }: { wallet: WalletView }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const figure = (label: string, value: string, testId: string) => (
    <div className="rounded-xl bg-zinc-50 px-4 py-3">
      <dt className="text-xs font-semibold text-zinc-600">{label}</dt>
      <dd className="mt-0.5 text-2xl font-black text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figure(t('my.paid_points'), t('my.points_value', { count: wallet.paidPoints }), 'my-paid-points')}
        {figure(t('my.free_points'), t('my.points_value', { count: wallet.freePoints }), 'my-free-points')}
        {figure(t('my.premium_tickets'), t('my.tickets_value', { count: wallet.tickets }), 'my-tickets')}
      </dl>
      <p className="mt-3 text-xs text-zinc-600">
        {wallet.firstTicketExpiresAt
          ? t('my.ticket_expires', {
              date: dates.mediumDate(wallet.firstTicketExpiresAt),
            })
          : t('my.no_tickets')}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to="/my/shop"
          className="inline-flex h-9 items-center rounded-full bg-brand-500 px-4 text-xs font-bold text-white transition hover:bg-brand-600 sm:text-sm"
        >
          {t('my.buy_points')}
        </Link>
        <Link to="/my/setting/point" className={pill}>
          {t('my.point_history')}
        </Link>
        <Link to="/my/setting/ticket" className={pill}>
          {t('my.ticket_history')}
        </Link>
      </div>
    </>
  );
}

function Followed({ followed }: { followed: FollowedView }) {
  const { t } = useTranslation();
  if (followed.titles.length === 0) return <Empty>{t('my.followed_empty')}</Empty>;
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-testid="my-followed">
      {followed.titles.map((title) => (
        <li key={title.id} className="relative" data-testid="my-followed-title">
          <TitleCard title={title} sizes={GRID_SIZES} />
          {title.hasNewChapter ? (
            <span
              className="absolute top-2 left-2 rounded-full bg-rose-600 px-2 py-0.5 text-[11px] font-bold text-white shadow"
              data-testid="my-new-chapter"
            >
              {t('my.new_chapter')}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Purchased({ purchased }: { purchased: PurchasedView }) {
  const { t } = useTranslation();
  if (purchased.count === 0) return <Empty>{t('my.purchased_empty')}</Empty>;
  return (
    <>
      <p className="-mt-2 mb-3 text-sm text-zinc-600" data-testid="my-purchased-count">
        {t('wallet.purchased_count', { count: purchased.count })}
      </p>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-testid="my-purchased">
        {purchased.titles.map((title) => (
          <li key={title.id}>
            <TitleCard title={title} sizes={GRID_SIZES} />
          </li>
        ))}
      </ul>
      <Pager
        page={purchased.page}
        hasNext={purchased.page < purchased.listPageCount}
        listPageCount={purchased.listPageCount}
        param={MY_PURCHASED_PAGE_PARAM}
        label={t('my.purchased_paging')}
        preventScrollReset
      />
    </>
  );
}

function AccountLinks() {
  const { t } = useTranslation();
  const links = [
    { href: '/my/history', label: t('my.history') },
    { href: '/my/purchased', label: t('my.purchased_heading') },
    { href: '/my/shop', label: t('my.shop') },
    { href: '/my/setting', label: t('my.settings') },
  ];
  return (
    <nav aria-label={t('my.links')} className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6">
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className={pill}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-4 border-t border-zinc-100 pt-4">
        <LogoutButton />
      </div>
    </nav>
  );
}

export function MyScreen({ page: loaded }: { page: MyLoaderData }) {
  const { t } = useTranslation();
  const deferred = 'personalDeferred' in loaded;
  const personal = usePersonal('my', deferred);
  const page: Partial<MyPageData> = deferred ? (personal ?? {}) : loaded;
  useLibrarySnapshot(page);
  const downloads = useDownloads();
  return (
    <PageFrame title={t('pages.my.title')} lead={t('pages.my.lead')}>
      <div className="flex flex-col gap-5 sm:gap-6">
        <Card id="my-wallet" title={t('my.wallet_heading')}>
          <SectionBody section={page.wallet}>{(wallet) => <Wallet wallet={wallet} />}</SectionBody>
        </Card>
        <Card id="my-login-bonus" title={t('login_bonus.heading')}>
          <p className="-mt-2 mb-3 text-sm text-zinc-600">{t('login_bonus.lead')}</p>
          <SectionBody section={page.loginBonus}>{(view) => <MyLoginBonus view={view} />}</SectionBody>
        </Card>
        <Card id="my-continue" title={t('my.continue_heading')} more={{ href: '/my/history', label: t('my.history') }}>
          <SectionBody section={page.continueReading}>
            {(entries) =>
              entries.length === 0 ? (
                <Empty>{t('my.continue_empty')}</Empty>
              ) : (
                <ol className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="my-continue">
                  {entries.map((entry) => (
                    <li key={entry.titleId}>
                      <HistoryCard entry={entry} />
                    </li>
                  ))}
                </ol>
              )
            }
          </SectionBody>
        </Card>
        <BookmarkList className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-6" />
        <Card id="my-followed-heading" title={t('my.followed_heading')}>
          <SectionBody section={page.followed}>{(followed) => <Followed followed={followed} />}</SectionBody>
        </Card>
        <Card
          id="my-purchased-heading"
          title={t('my.purchased_heading')}
          more={{ href: '/my/purchased', label: t('my.purchased_all') }}
        >
          <SectionBody section={page.purchased}>{(purchased) => <Purchased purchased={purchased} />}</SectionBody>
        </Card>
        {downloads.supported ? (
          <Card
            id="my-downloads"
            title={t('offline.my_heading')}
            more={{ href: '/offline', label: t('offline.open_offline_page') }}
          >
            <DownloadsList state={downloads} />
          </Card>
        ) : null}
        {page.activity ? <MyCommentActivitySections activity={page.activity} /> : null}
        <AccountLinks />
      </div>
    </PageFrame>
  );
}
