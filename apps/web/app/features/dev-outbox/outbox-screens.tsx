import type { DevOutboxMessageResponse, OutboxMessageSummary } from '@manga/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';

// Development only (not product §2 screens): the mails the embedded outbox received (ADR 007).

/** The mails the embedded outbox received, each linking to its own page. */
export function OutboxScreen({ messages }: { messages: readonly OutboxMessageSummary[] }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('dev_outbox.title')} lead={t('dev_outbox.lead')}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <span className="rounded-full bg-amber-50 px-3 py-1 text-xs font-bold text-amber-800 ring-1 ring-amber-200">
          {t('dev_outbox.badge')}
        </span>
        <Link
          to="."
          reloadDocument
          className="inline-flex h-9 items-center rounded-full px-4 text-sm font-bold text-ink ring-1 ring-zinc-300 transition hover:bg-zinc-50"
        >
          {t('dev_outbox.refresh')}
        </Link>
      </div>
      {messages.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 bg-zinc-50 px-6 py-10 text-center text-sm text-zinc-500">
          {t('dev_outbox.empty')}
        </p>
      ) : (
        <ul
          className="divide-y divide-zinc-100 overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm"
          aria-label={t('dev_outbox.list_label')}
        >
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to={`/dev/outbox/${encodeURIComponent(message.id)}`}
                className="grid gap-1 px-5 py-4 transition hover:bg-zinc-50 sm:grid-cols-[1fr_auto] sm:gap-x-6"
              >
                <span className="min-w-0 truncate text-sm font-bold text-ink">{message.subject}</span>
                <time
                  className="text-xs text-zinc-500 sm:row-span-2 sm:self-center"
                  dateTime={message.created_at.replace(' ', 'T')}
                >
                  {message.created_at}
                </time>
                <span className="min-w-0 truncate text-sm text-zinc-600">
                  <span className="sr-only">{t('dev_outbox.to')}: </span>
                  {message.to}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

/** One mail: recipient, time, the links in it, its text and its HTML in a sandboxed frame (no scripts, no same-origin access). */
export function OutboxMessageScreen({ message }: { message: DevOutboxMessageResponse['message'] }) {
  const { t } = useTranslation();
  const links = [...new Set(message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
  return (
    <PageFrame title={message.subject} crumbs={[{ label: t('dev_outbox.title'), to: '/dev/outbox' }]}>
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-5 gap-y-2 rounded-2xl border border-zinc-200 bg-white px-5 py-4 text-sm shadow-sm">
        <dt className="font-semibold text-zinc-500">{t('dev_outbox.to')}</dt>
        <dd className="break-all text-ink" data-testid="outbox-to">
          {message.to}
        </dd>
        <dt className="font-semibold text-zinc-500">{t('dev_outbox.sent_at')}</dt>
        <dd className="text-ink">{message.created_at}</dd>
      </dl>
      {links.length > 0 ? (
        <section aria-labelledby="outbox-links" className="mt-6 max-w-3xl">
          <h2 id="outbox-links" className="mb-2 text-sm font-bold text-ink">
            {t('dev_outbox.links')}
          </h2>
          <ul className="space-y-1.5">
            {links.map((link) => (
              <li key={link}>
                <a
                  href={link}
                  className="text-sm font-semibold break-all text-brand-700 underline underline-offset-2"
                  data-testid="outbox-link"
                >
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="outbox-text">
          <h2 id="outbox-text" className="mb-2 text-sm font-bold text-ink">
            {t('dev_outbox.text_version')}
          </h2>
          <pre
            className="overflow-x-auto rounded-2xl bg-zinc-900 p-5 text-xs leading-relaxed whitespace-pre-wrap break-words text-zinc-100"
            data-testid="outbox-text"
          >
            {message.text}
          </pre>
        </section>
        <section aria-labelledby="outbox-html">
          <h2 id="outbox-html" className="mb-2 text-sm font-bold text-ink">
            {t('dev_outbox.html_version')}
          </h2>
          <iframe
            title={t('dev_outbox.html_frame', { subject: message.subject })}
            sandbox=""
            srcDoc={message.html}
            className="h-[28rem] w-full rounded-2xl border border-zinc-200 bg-white"
          />
        </section>
      </div>
    </PageFrame>
  );
}
