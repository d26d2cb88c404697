import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { Button, buttonClassName } from '#app/components/ui/button.tsx';
import { FormError } from '#app/components/ui/form-error.tsx';
import { LinkedModal } from '#app/components/ui/modal.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { HistoryCard } from '#app/features/catalogue/continue-reading.tsx';
import {
  CONFIRM_CLEAR,
  CONFIRM_PARAM,
  HISTORY_PATH,
  type HistoryActionResult,
  type HistoryPageData,
} from './history-page.ts';

/** Asks before clearing the whole history: an alert dialog, reached by a link (works without JavaScript). */
function ClearConfirmation({ count }: { count: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <LinkedModal
      closeHref={HISTORY_PATH}
      role="alertdialog"
      labelledBy="clear-history-title"
      describedBy="clear-history-body"
      testId="clear-history-dialog"
      className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-2xl"
    >
      <h2 id="clear-history-title" className="text-lg font-black text-ink">
        {t('history.clear_title')}
      </h2>
      <p id="clear-history-body" className="mt-2 text-sm leading-relaxed text-zinc-600">
        {t('history.clear_body', { count })}
      </p>
      <Form method="post" action={HISTORY_PATH} className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link
          to={HISTORY_PATH}
          replace
          preventScrollReset
          className={buttonClassName({ variant: 'secondary', size: 'lg' })}
        >
          {t('history.cancel')}
        </Link>
        <Button
          type="submit"
          name="intent"
          value="clear"
          variant="danger"
          size="lg"
          busy={navigation.state !== 'idle'}
          data-autofocus
        >
          {t('history.clear_confirm')}
        </Button>
      </Form>
    </LinkedModal>
  );
}

/** /my/history: the titles read last (at most 20), each with "continue", remove one, or clear all. */
export function HistoryScreen({ page, result }: { page: HistoryPageData; result: HistoryActionResult }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <PageFrame
      title={t('pages.my-history.title')}
      lead={t('pages.my-history.lead')}
      crumbs={[{ label: t('pages.my.title'), to: '/my' }]}
    >
      {result?.status === 'failed' ? (
        <div className="mb-5">
          <FormError code={result.code} />
        </div>
      ) : null}
      {page.entries.length === 0 ? (
        <section
          className="rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center"
          data-testid="history-empty"
        >
          <h2 className="text-lg font-extrabold text-ink">{t('history.empty_title')}</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-zinc-600">{t('history.empty_body')}</p>
          <Link
            to="/"
            className="mt-6 inline-flex h-11 items-center rounded-full bg-ink px-6 text-sm font-bold text-white transition hover:bg-zinc-800"
          >
            {t('history.browse')}
          </Link>
        </section>
      ) : (
        <section aria-labelledby="history-list">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="history-list" className="text-base font-extrabold text-ink">
              {t('history.count', { count: page.entries.length })}
            </h2>
            <Link
              to={`${HISTORY_PATH}?${CONFIRM_PARAM}=${CONFIRM_CLEAR}`}
              preventScrollReset
              className="inline-flex h-10 items-center rounded-full px-4 text-sm font-bold text-rose-700 ring-1 ring-rose-200 transition hover:bg-rose-50"
              data-testid="history-clear"
            >
              {t('history.clear')}
            </Link>
          </div>
          <ol className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {page.entries.map((entry) => (
              <li key={entry.titleId} className="min-w-0">
                <HistoryCard entry={entry}>
                  <Form method="post" action={HISTORY_PATH} className="ml-auto" preventScrollReset>
                    <input type="hidden" name="title_id" value={entry.titleId} />
                    <Button
                      type="submit"
                      name="intent"
                      value="delete"
                      variant="secondary"
                      size="xs"
                      disabled={busy}
                      aria-label={t('history.remove_named', { name: entry.titleName })}
                      data-testid="history-remove"
                    >
                      {t('history.remove')}
                    </Button>
                  </Form>
                </HistoryCard>
              </li>
            ))}
          </ol>
        </section>
      )}
      {page.confirmClear ? <ClearConfirmation count={page.entries.length} /> : null}
    </PageFrame>
  );
}
