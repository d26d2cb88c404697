import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Pager } from '#app/features/catalogue/pager.tsx';
import { TitleCard } from '#app/features/catalogue/title-card.tsx';
import type { PurchasedPageData } from './purchased-page.ts';
import { EmptyState } from './wallet-ui.tsx';

const GRID_SIZES = '(min-width: 1280px) 200px, (min-width: 1024px) 19vw, (min-width: 640px) 30vw, 45vw';

/** /my/purchased: the titles the reader bought chapters of, a page at a time. */
export function PurchasedScreen({ page }: { page: PurchasedPageData }) {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.my-purchased.title')}
      lead={t('pages.my-purchased.lead')}
      crumbs={[{ label: t('pages.my.title'), to: '/my' }]}
    >
      {page.count === 0 ? (
        <EmptyState
          testId="purchased-empty"
          title={t('wallet.purchased_empty_title')}
          body={t('wallet.purchased_empty_body')}
          action={{ href: '/', label: t('wallet.browse') }}
        />
      ) : (
        <section aria-labelledby="purchased-count">
          <h2 id="purchased-count" className="mb-4 text-base font-extrabold text-ink" data-testid="purchased-count">
            {t('wallet.purchased_count', { count: page.count })}
          </h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-6">
            {page.titles.map((title) => (
              <li key={title.id} className="min-w-0" data-testid="purchased-title">
                <TitleCard title={title} sizes={GRID_SIZES} />
                {title.lastPurchasedHref ? (
                  <Link
                    to={title.lastPurchasedHref}
                    className="mt-1.5 inline-block text-xs font-bold text-brand-700 hover:underline"
                    aria-label={t('wallet.read_last_purchased_named', { name: title.name })}
                  >
                    {t('wallet.read_last_purchased')}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager page={page.page} hasNext={page.page < page.listPageCount} listPageCount={page.listPageCount} />
        </section>
      )}
    </PageFrame>
  );
}
