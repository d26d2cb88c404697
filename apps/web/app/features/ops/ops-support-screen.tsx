import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useFetcher } from 'react-router';
import { Pager } from '#app/features/catalogue/pager.tsx';
import type { SupportActionResult, SupportData } from './ops.ts';
import { ActionDisclosure, ActionFeedback, fieldClass, OpsFrame, ReasonField, SubmitButton } from './ops-frame.tsx';

// The support screen (`/ops/support`, ADR 063): find a reader by e-mail, their account, wallet,
// ledger, purchases, tickets, plan, sessions and devices; grant points or tickets; end their sessions.

const card = 'rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5';
const heading = 'text-base font-extrabold text-ink';
const empty = 'mt-2 text-sm text-zinc-500';

/** Rows without an id of their own keep their place in the answer as their key (the lists are never reordered here). */
function withKeys<T extends object>(rows: readonly T[]): (T & { key: string })[] {
  return rows.map((row, position) => ({ ...row, key: `row-${position}` }));
}

function settled(fetcher: { state: string; data?: SupportActionResult }) {
  return fetcher.state === 'idle' ? fetcher.data : undefined;
}

function GrantForm({ userId, requestKey }: { userId: number; requestKey: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SupportActionResult>();
  const id = useId();
  const result = settled(fetcher);
  const amountError = result?.status === 'invalid' && result.error.field === 'amount' ? result.error.key : undefined;
  return (
    <section aria-labelledby={`${id}-h`} className={card}>
      <h2 id={`${id}-h`} className={heading}>
        {t('support_console.grant_heading')}
      </h2>
      <fetcher.Form method="post" className="mt-3 grid gap-3" data-testid="support-grant">
        <input type="hidden" name="user_id" value={userId} />
        <input type="hidden" name="request_key" value={requestKey} />
        <fieldset>
          <legend className="text-xs font-bold text-zinc-700">{t('support_console.grant_what')}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {(
              [
                ['grant_points', '0', 'support_console.grant_points'],
                ['grant_points', '1', 'support_console.grant_paid_points'],
                ['grant_tickets', '0', 'support_console.grant_tickets'],
              ] as const
            ).map(([intent, paid, label], index) => (
              <label
                key={label}
                className="flex cursor-pointer items-center gap-2 rounded-xl bg-zinc-50 px-3 py-2 text-sm ring-1 ring-zinc-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-300"
              >
                <input
                  type="radio"
                  name="what"
                  value={`${intent}:${paid}`}
                  defaultChecked={index === 0}
                  className="size-4 accent-brand-600"
                />
                {t(label)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-amount`} className="block text-xs font-bold text-zinc-700">
            {t('support_console.amount')}
          </label>
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="numeric"
            required
            pattern="[1-9][0-9]*"
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? `${id}-amount-error` : undefined}
            className={`${fieldClass} mt-1 h-10 max-w-40`}
          />
          {amountError ? (
            <p id={`${id}-amount-error`} className="mt-1 text-xs font-semibold text-red-700">
              {t(amountError)}
            </p>
          ) : null}
        </div>
        <ReasonField id={`${id}-reason`} required result={result} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={fetcher.state !== 'idle'}>{t('support_console.grant_submit')}</SubmitButton>
          <ActionFeedback
            result={result}
            doneKey={result?.repeated ? 'support_console.repeated' : 'support_console.granted'}
          />
        </div>
      </fetcher.Form>
    </section>
  );
}

function EndSessionsForm({ userId, email }: { userId: number; email: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SupportActionResult>();
  const id = useId();
  const result = settled(fetcher);
  return (
    <ActionDisclosure label={t('support_console.sessions_heading')} tone="danger" testId="support-end-sessions">
      <fetcher.Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="end_sessions" />
        <input type="hidden" name="user_id" value={userId} />
        <p className="text-sm text-zinc-600">{t('support_console.sessions_body', { email })}</p>
        <ReasonField id={`${id}-reason`} required result={result} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={fetcher.state !== 'idle'} tone="danger">
            {t('support_console.sessions_submit')}
          </SubmitButton>
          <ActionFeedback result={result} doneKey="support_console.sessions_ended" />
        </div>
      </fetcher.Form>
    </ActionDisclosure>
  );
}

function Field({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-bold text-zinc-500">{label}</dt>
      <dd className="text-sm font-semibold break-all text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function OpsSupportScreen({ data }: { data: SupportData }) {
  const { t } = useTranslation();
  const id = useId();
  const view = data.reader;
  return (
    <OpsFrame screen="support" operator={data.operator}>
      <Form method="get" className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end" role="search">
        <div className="grow">
          <label htmlFor={`${id}-q`} className="block text-xs font-bold text-zinc-700">
            {t('support_console.search_label')}
          </label>
          <input
            id={`${id}-q`}
            name="email"
            type="search"
            minLength={3}
            maxLength={254}
            required
            defaultValue={data.query}
            autoComplete="off"
            className={`${fieldClass} mt-1 h-10`}
          />
        </div>
        <SubmitButton busy={false}>{t('support_console.search_submit')}</SubmitButton>
      </Form>

      {data.matches ? (
        <section aria-labelledby={`${id}-m`} className="mb-6">
          <h2 id={`${id}-m`} className="mb-2 text-sm font-bold text-zinc-700">
            {t('support_console.matches', { query: data.query })}
          </h2>
          {data.matches.length === 0 ? (
            <p className={empty}>{t('support_console.no_match', { query: data.query })}</p>
          ) : (
            <ul
              className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white"
              data-testid="support-matches"
            >
              {data.matches.map((match) => (
                <li key={match.user_id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <span className="text-sm font-bold break-all text-ink">{match.email}</span>
                  <span className="text-xs text-zinc-500">
                    #{match.user_id} · {match.status} · {match.region}
                  </span>
                  <Link
                    to={`/ops/support?user=${match.user_id}`}
                    className="rounded-full px-3 py-1 text-sm font-bold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
                  >
                    {t('support_console.open')}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {view ? (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_380px]" data-testid="support-reader">
          <div className="grid gap-6">
            <section className={card} aria-labelledby={`${id}-a`}>
              <h2 id={`${id}-a`} className={heading}>
                {t('support_console.account')}
              </h2>
              <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                <Field label="E-mail" value={view.reader.email} testId="support-email" />
                <Field label="ID" value={view.reader.user_id} />
                <Field label={t('support_console.status')} value={view.reader.status} />
                <Field label={t('support_console.region')} value={view.reader.region} />
                <Field label={t('support_console.plan_code')} value={view.reader.charge_type} />
                <Field label={t('support_console.joined')} value={view.reader.created_time} />
              </dl>
              <div className="mt-4">
                <EndSessionsForm userId={view.reader.user_id} email={view.reader.email} />
              </div>
            </section>
            <section className={card} aria-labelledby={`${id}-w`}>
              <h2 id={`${id}-w`} className={heading}>
                {t('support_console.wallet')}
              </h2>
              <dl className="mt-3 grid grid-cols-3 gap-3">
                <Field label={t('support_console.paid')} value={view.wallet.paid_point} testId="support-paid" />
                <Field label={t('support_console.free')} value={view.wallet.free_point} testId="support-free" />
                <Field label={t('support_console.tickets')} value={view.wallet.premium_ticket_num} />
              </dl>
              <h3 className="mt-4 text-sm font-bold text-zinc-700">{t('support_console.lots')}</h3>
              {view.wallet.lot_list.length === 0 ? (
                <p className={empty}>{t('support_console.no_lots')}</p>
              ) : (
                <ul className="mt-1 text-sm">
                  {withKeys(view.wallet.lot_list).map((lot) => (
                    <li key={lot.key} className="flex justify-between gap-2 py-1">
                      <span>
                        {lot.remaining} P ({t(lot.kind === 'paid' ? 'support_console.paid' : 'support_console.free')})
                      </span>
                      <span className="text-zinc-500">
                        {lot.expire_time
                          ? t('support_console.expires', { time: lot.expire_time })
                          : t('support_console.never')}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={card} aria-labelledby={`${id}-l`}>
              <h2 id={`${id}-l`} className={heading}>
                {t('support_console.ledger')}
              </h2>
              {!data.ledger || data.ledger.entries.length === 0 ? (
                <p className={empty}>{t('support_console.no_ledger')}</p>
              ) : (
                <div className="mt-2 overflow-x-auto">
                  <table className="w-full text-left text-sm" data-testid="support-ledger">
                    <thead className="text-xs text-zinc-500">
                      <tr>
                        <th className="py-1 pr-3">{t('support_console.ledger_when')}</th>
                        <th className="py-1 pr-3">{t('support_console.ledger_change')}</th>
                        <th className="py-1 pr-3">{t('support_console.ledger_reason')}</th>
                        <th className="py-1">{t('support_console.ledger_reference')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.ledger.entries.map((entry) => (
                        <tr key={entry.ledger_id} className="border-t border-zinc-100">
                          <td className="py-1 pr-3 whitespace-nowrap">{entry.created_time}</td>
                          <td className="py-1 pr-3 font-semibold whitespace-nowrap">
                            {entry.delta > 0 ? `+${entry.delta}` : entry.delta} ({entry.kind})
                          </td>
                          <td className="py-1 pr-3">{entry.reason}</td>
                          <td className="py-1 break-all">{entry.reference_id}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              {data.ledger ? <Pager page={data.ledger.page} hasNext={data.ledger.hasNext} /> : null}
            </section>
            <section className={card} aria-labelledby={`${id}-p`}>
              <h2 id={`${id}-p`} className={heading}>
                {t('support_console.purchases')}
              </h2>
              {view.purchase_list.length === 0 ? (
                <p className={empty}>{t('support_console.no_purchases')}</p>
              ) : (
                <ul className="mt-2 divide-y divide-zinc-100 text-sm">
                  {view.purchase_list.map((p) => (
                    <li key={p.purchase_id} className="py-1.5">
                      <span className="font-semibold">
                        {p.title_name} · {p.episode_name}
                      </span>
                      <span className="block text-xs text-zinc-500">
                        {p.purchase_time} ·{' '}
                        {t('support_console.purchase_line', { price: p.price, paid: p.paid_point, free: p.free_point })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={card} aria-labelledby={`${id}-t`}>
              <h2 id={`${id}-t`} className={heading}>
                {t('support_console.ticket_moves')}
              </h2>
              {view.ticket_list.length === 0 ? (
                <p className={empty}>{t('support_console.no_ticket_moves')}</p>
              ) : (
                <ul className="mt-2 divide-y divide-zinc-100 text-sm">
                  {withKeys(view.ticket_list).map((m) => (
                    <li key={m.key} className="py-1.5">
                      {m.event_time} · {t(`support_console.ticket_events.${m.event}`)} ({m.ticket_kind})
                      {m.episode_name ? ` · ${m.title_name} ${m.episode_name}` : ''}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          <div className="grid gap-6 lg:sticky lg:top-28">
            <GrantForm key={data.requestKey} userId={view.reader.user_id} requestKey={data.requestKey} />
            <section className={card} aria-labelledby={`${id}-pl`}>
              <h2 id={`${id}-pl`} className={heading}>
                {t('support_console.plans')}
              </h2>
              {view.plan_list.length === 0 ? (
                <p className={empty}>{t('support_console.no_plans')}</p>
              ) : (
                <ul className="mt-2 text-sm">
                  {view.plan_list.map((plan) => (
                    <li key={plan.product_id}>
                      <span className="font-semibold">{plan.product_name}</span>{' '}
                      {t('support_console.plan_until', { status: plan.status, time: plan.current_period_end_time })}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={card} aria-labelledby={`${id}-s`}>
              <h2 id={`${id}-s`} className={heading}>
                {t('support_console.sessions')}
              </h2>
              {view.session_list.length === 0 ? (
                <p className={empty}>{t('support_console.no_sessions')}</p>
              ) : (
                <ul className="mt-2 divide-y divide-zinc-100 text-sm">
                  {view.session_list.map((s) => (
                    <li key={s.session_id} className="py-1.5">
                      <span className="font-semibold">{s.device_name || s.user_agent}</span>
                      <span className="block text-xs text-zinc-500">
                        {t('support_console.last_seen', { time: s.last_seen_time })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <h3 className="mt-4 text-sm font-bold text-zinc-700">{t('support_console.devices')}</h3>
              {view.device_list.length === 0 ? (
                <p className={empty}>{t('support_console.no_devices')}</p>
              ) : (
                <ul className="mt-1 text-sm">
                  {view.device_list.map((d) => (
                    <li key={d.device_id}>
                      {d.device} · {d.os_version} · {d.updated_time}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </div>
      ) : null}
    </OpsFrame>
  );
}
