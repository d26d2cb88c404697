import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import { FormError } from '#app/components/ui/form-error.tsx';
import { useModalFocus } from '#app/components/ui/modal.tsx';
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
  const navigate = useNavigate();
  const navigation = useNavigation();
  const panelRef = useRef<HTMLDivElement>(null);
  const close = () => navigate(HISTORY_PATH, { replace: true, preventScrollReset: true });
  useModalFocus(panelRef, true, close);
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-ink/60 p-4 backdrop-blur-sm">
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="clear-history-title"
        aria-describedby="clear-history-body"
        tabIndex={-1}
        data-testid="clear-history-dialog"
        className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-2xl"
      >
        <h2 id="clear-history-title" className="text-lg font-black text-ink">
          {t('history.clear_title')}
        </h2>
        <p id="clear-history-body" className="mt-2 text-sm leading-relaxed text-zinc-600">
          {t('history.clear_body', { count })}
        </p>
        <Form
          method="post"
          action={HISTORY_PATH}
          className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
        >
          <Link
            to={HISTORY_PATH}
            replace
            preventScrollReset
            className="inline-flex h-11 items-center justify-center rounded-full px-5 text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50"
          >
            {t('history.cancel')}
          </Link>
          <button
            type="submit"
            name="intent"
            value="clear"
            disabled={navigation.state !== 'idle'}
            data-autofocus
            className="inline-flex h-11 items-center justify-center rounded-full bg-rose-600 px-5 text-sm font-bold text-white transition hover:bg-rose-700 disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none disabled:ring-zinc-300"
          >
            {t('history.clear_confirm')}
          </button>
        </Form>
      </div>
    </div>
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
                    <button
                      type="submit"
                      name="intent"
                      value="delete"
                      disabled={busy}
                      aria-label={t('history.remove_named', { name: entry.titleName })}
                      className="inline-flex h-9 items-center rounded-full px-3 text-xs font-bold text-zinc-600 ring-1 ring-zinc-200 transition hover:bg-zinc-50 hover:text-rose-700 disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none disabled:ring-zinc-300"
                      data-testid="history-remove"
                    >
                      {t('history.remove')}
                    </button>
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
