// The payment result screen (product §2): 1 success, 2 canceled; back to the chapter the reader came from.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { SHOP_PATH } from './shop.ts';

export interface ResultData {
  status: 1 | 2;
  balance: number | null;
  returnPath: string | null;
}

export function ResultScreen({ data }: { data: ResultData }) {
  const { t } = useTranslation();
  const success = data.status === 1;
  const back = data.returnPath && data.returnPath !== SHOP_PATH ? data.returnPath : null;
  return (
    <PageFrame title={t(success ? 'shop.result_success' : 'shop.result_canceled')}>
      <div
        className="max-w-md rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm"
        data-testid="payment-result"
        data-status={data.status}
      >
        <p className="text-base text-ink">{t(success ? 'shop.result_success_lead' : 'shop.result_canceled_lead')}</p>
        {success && data.balance !== null ? (
          <p className="mt-2 text-lg font-bold text-ink" data-testid="result-balance">
            {t('shop.balance', { count: data.balance })}
          </p>
        ) : null}
        <div className="mt-4 flex flex-col gap-2">
          {back ? (
            <Link
              to={back}
              className="rounded-full bg-brand-600 px-4 py-2 text-center text-sm font-bold text-white hover:bg-brand-700"
            >
              {t('shop.back_to_chapter')}
            </Link>
          ) : null}
          <Link to={SHOP_PATH} className="text-center text-sm font-bold text-brand-700 underline">
            {t('shop.back_to_shop')}
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}
