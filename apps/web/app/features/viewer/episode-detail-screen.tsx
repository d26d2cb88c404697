import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { useDateFormat } from '#app/i18n/date-format.ts';
import type { EpisodeDetailData } from './episode-detail.ts';

/** The minfunction episode detail page: the chapter, its price or "free", and the way into its viewer. */
export function EpisodeDetailScreen({ detail }: { detail: EpisodeDetailData }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <PageFrame
      title={detail.episodeName}
      lead={detail.titleName}
      crumbs={[{ label: detail.titleName, to: detail.titleHref }]}
    >
      <article className="flex flex-col gap-6 sm:flex-row sm:items-start" data-testid="episode-detail">
        {detail.thumbnailUrl ? (
          <img
            src={detail.thumbnailUrl}
            alt=""
            width={480}
            height={480}
            className="aspect-square w-40 shrink-0 rounded-2xl object-cover ring-1 ring-black/5 sm:w-56"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {detail.releasedAt ? (
              <>
                <dt className="font-semibold text-zinc-500">{t('episode.detail.released')}</dt>
                <dd className="text-ink">
                  <time dateTime={detail.releasedAt}>{dates.mediumDate(detail.releasedAt)}</time>
                </dd>
              </>
            ) : null}
            <dt className="font-semibold text-zinc-500">{t('episode.detail.pages')}</dt>
            <dd className="text-ink">{t('episode.viewer.pages', { count: detail.pageCount })}</dd>
            <dt className="font-semibold text-zinc-500">{t('episode.detail.price')}</dt>
            <dd className="font-bold text-ink" data-testid="episode-detail-price">
              {detail.readable ? t('catalogue.badge.free') : t('catalogue.badge.points', { count: detail.point })}
            </dd>
          </dl>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to={detail.readHref}
              className="inline-flex h-11 items-center rounded-full bg-brand-500 px-6 text-sm font-bold text-white shadow-lg shadow-brand-500/25 transition hover:bg-brand-600"
              data-testid="episode-detail-read"
            >
              {detail.readable ? t('episode.detail.read') : t('episode.detail.unlock')}
            </Link>
            <Link
              to={detail.titleHref}
              className="inline-flex h-11 items-center rounded-full px-6 text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50"
            >
              {t('episode.viewer.back_to_title')}
            </Link>
          </div>
        </div>
      </article>
    </PageFrame>
  );
}
