import { figuresOperations } from '@manga/api-client';
import type { FiguresDay } from '@manga/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { browserApi } from '#app/client/browser-api.ts';
import { useRootData } from '#app/root-data.ts';
import type { FiguresData } from './figures.ts';
import { fieldClass, OpsFrame } from './ops-frame.tsx';
import { formatMinorPrice } from './shop.ts';

// The figures screen (`/ops/figures`, analysts, editors and admins, ADR 072): a date range, a chart
// per group of daily figures with the same numbers in a table under it (readable without the chart),
// the card sales per region and currency, the titles, and the CSV of it all. Charts by recharts:
// SVG with style attributes only, which the page's Content-Security-Policy allows (style-src-attr).

type Series = { key: keyof Omit<FiguresDay, 'date'>; color: string };

const CHARTS: readonly { id: string; series: readonly Series[] }[] = [
  {
    id: 'points',
    series: [
      { key: 'points_sold', color: '#0f766e' },
      { key: 'points_spent', color: '#b45309' },
    ],
  },
  {
    id: 'chapters',
    series: [
      { key: 'purchases', color: '#1d4ed8' },
      { key: 'rentals', color: '#7c3aed' },
    ],
  },
  {
    id: 'readers',
    series: [
      { key: 'new_readers', color: '#be123c' },
      { key: 'follows', color: '#15803d' },
    ],
  },
];

const cellBase = 'border-b border-zinc-200 px-2 py-1.5';
const cell = `${cellBase} text-right tabular-nums`;
const rowHead = `${cellBase} text-left font-normal`;
const headBase = 'border-b border-zinc-300 px-2 py-1.5 text-xs font-bold text-zinc-600';
const head = `${headBase} text-right`;
const headLeft = `${headBase} text-left`;

function DayChart({ days, chart }: { days: FiguresDay[]; chart: (typeof CHARTS)[number] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby={id} className="grid gap-3" data-testid={`figures-chart-${chart.id}`}>
      <h2 id={id} className="text-lg font-extrabold text-ink">
        {t(`figures_console.charts.${chart.id}`)}
      </h2>
      <div className="h-60 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={(date: string) => date.slice(5)} fontSize={11} />
            <YAxis allowDecimals={false} fontSize={11} width={48} />
            <Tooltip />
            <Legend />
            {chart.series.map((series) => (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={t(`figures_console.fields.${series.key}`)}
                fill={series.color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="rounded border border-zinc-200 bg-white">
        <summary className="cursor-pointer px-3 py-2 text-sm font-bold">{t('figures_console.table_by_day')}</summary>
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t(`figures_console.charts.${chart.id}`)}</caption>
            <thead>
              <tr>
                <th scope="col" className={headLeft}>
                  {t('figures_console.fields.date')}
                </th>
                {chart.series.map((series) => (
                  <th key={series.key} scope="col" className={head}>
                    {t(`figures_console.fields.${series.key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className={rowHead}>
                    {day.date}
                  </th>
                  {chart.series.map((series) => (
                    <td key={series.key} className={cell}>
                      {number.format(day[series.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

function CsvDownload({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  const [failed, setFailed] = useState(false);
  const api = useMemo(() => (root ? figuresOperations(browserApi(root)) : undefined), [root]);
  // The API answers the CSV to the console's signed call, so the browser fetches it and saves it.
  async function download() {
    if (!api) return;
    setFailed(false);
    try {
      const target = api.figuresCsvTarget({ from, to });
      const res = await fetch(target.url, { headers: target.headers, credentials: 'include' });
      if (!res.ok) throw new Error(String(res.status));
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await res.blob());
      link.download = `figures-${from}-${to}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      setFailed(true);
    }
  }
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={download}
        className="inline-flex h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-bold hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2"
        data-testid="figures-csv"
      >
        {t('figures_console.csv')}
      </button>
      {failed ? (
        <span role="alert" className="text-sm text-red-700">
          {t('figures_console.csv_failed')}
        </span>
      ) : null}
    </div>
  );
}

export function OpsFiguresScreen({ data }: { data: FiguresData }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const figures = data.figures;
  const ja = i18n.language.startsWith('ja');
  return (
    <OpsFrame screen="figures" operator={data.operator}>
      <div className="grid gap-8">
        <form method="get" className="flex flex-wrap items-end gap-3" aria-describedby={`${id}-zone`}>
          <div>
            <label htmlFor={`${id}-from`} className="block text-xs font-bold text-zinc-700">
              {t('figures_console.from')}
            </label>
            <input
              id={`${id}-from`}
              name="from"
              type="date"
              required
              defaultValue={data.from}
              className={`${fieldClass} mt-1 h-10`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="block text-xs font-bold text-zinc-700">
              {t('figures_console.to')}
            </label>
            <input
              id={`${id}-to`}
              name="to"
              type="date"
              required
              defaultValue={data.to}
              className={`${fieldClass} mt-1 h-10`}
            />
          </div>
          <button
            type="submit"
            className="inline-flex h-10 items-center rounded-md bg-ink px-4 text-sm font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {t('figures_console.show')}
          </button>
          {figures ? <CsvDownload from={figures.from} to={figures.to} /> : null}
          <p id={`${id}-zone`} className="w-full text-xs text-zinc-500">
            {t('figures_console.zone', { zone: figures?.time_zone ?? '' })}
          </p>
        </form>
        {data.error ? (
          <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {t('figures_console.bad_range', { message: data.error })}
          </p>
        ) : null}
        {figures ? (
          <>
            {CHARTS.map((chart) => (
              <DayChart key={chart.id} days={figures.day_list} chart={chart} />
            ))}
            <section aria-labelledby={`${id}-sales`} className="grid gap-3" data-testid="figures-sales">
              <h2 id={`${id}-sales`} className="text-lg font-extrabold text-ink">
                {t('figures_console.sales')}
              </h2>
              {figures.sale_list.length === 0 ? (
                <p className="text-sm text-zinc-600">{t('figures_console.none')}</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-sm">
                    <thead>
                      <tr>
                        <th scope="col" className={headLeft}>
                          {t('figures_console.fields.date')}
                        </th>
                        <th scope="col" className={headLeft}>
                          {t('figures_console.fields.region')}
                        </th>
                        <th scope="col" className={head}>
                          {t('figures_console.fields.payments')}
                        </th>
                        <th scope="col" className={head}>
                          {t('figures_console.fields.amount')}
                        </th>
                        <th scope="col" className={head}>
                          {t('figures_console.fields.points_sold')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {figures.sale_list.map((sale) => (
                        <tr key={`${sale.date}-${sale.region}-${sale.currency}`}>
                          <th scope="row" className={rowHead}>
                            {sale.date}
                          </th>
                          <td className={`${cellBase} text-left`}>{sale.region}</td>
                          <td className={cell}>{number.format(sale.payments)}</td>
                          <td className={cell}>{formatMinorPrice(sale.amount_minor, sale.currency, i18n.language)}</td>
                          <td className={cell}>{number.format(sale.points)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
            <section aria-labelledby={`${id}-titles`} className="grid gap-3" data-testid="figures-titles">
              <h2 id={`${id}-titles`} className="text-lg font-extrabold text-ink">
                {t('figures_console.titles')}
              </h2>
              {figures.title_list.length === 0 ? (
                <p className="text-sm text-zinc-600">{t('figures_console.none')}</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-sm">
                    <thead>
                      <tr>
                        <th scope="col" className={headLeft}>
                          {t('figures_console.fields.title')}
                        </th>
                        {(['purchases', 'rentals', 'reads', 'reads_finished'] as const).map((key) => (
                          <th key={key} scope="col" className={head}>
                            {t(`figures_console.fields.${key}`)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {figures.title_list.map((title) => (
                        <tr key={title.title_id} data-testid="figures-title">
                          <th scope="row" className={rowHead}>
                            {(ja ? title.name_ja : title.name_en) || `#${title.title_id}`}
                          </th>
                          <td className={cell}>{number.format(title.purchases)}</td>
                          <td className={cell}>{number.format(title.rentals)}</td>
                          <td className={cell}>{number.format(title.reads)}</td>
                          <td className={cell}>{number.format(title.reads_finished)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </>
        ) : null}
      </div>
    </OpsFrame>
  );
}
