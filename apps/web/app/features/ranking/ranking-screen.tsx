import { useTranslation } from 'react-i18next';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { StatusPanel } from '#app/components/ui/status-panel.tsx';
import { TabNav } from '#app/components/ui/tab-nav.tsx';
import { Pager } from '#app/features/catalogue/pager.tsx';
import { RankedList } from '#app/features/catalogue/ranked-list.tsx';
import type { RankingPageData } from './ranking-page.ts';

/** /ranking and /ranking/{rankingId}: the ranking tabs (links) and the chosen tab's ranked titles. */
export function RankingScreen({
  ranking,
  crumbs,
  namedHeading = false,
}: {
  ranking: RankingPageData;
  crumbs?: { label: string; to: string }[];
  /** /ranking/{rankingId} names its tab in the heading; /ranking is simply "Ranking". */
  namedHeading?: boolean;
}) {
  const { t } = useTranslation();
  const current = ranking.tabs.find((tab) => tab.ranking_id === ranking.rankingId);
  const heading =
    namedHeading && current ? t('catalogue.ranking_of', { name: current.text }) : t('pages.ranking.title');
  return (
    <PageFrame title={heading} lead={t('pages.ranking.lead')} crumbs={crumbs}>
      <TabNav
        label={t('catalogue.ranking_tabs')}
        tabs={ranking.tabs.map((tab) => ({
          key: tab.ranking_id,
          label: tab.text,
          href: `/ranking/${tab.ranking_id}`,
          current: tab.ranking_id === ranking.rankingId,
        }))}
      />
      {ranking.titles.length > 0 ? (
        <RankedList titles={ranking.titles} label={heading} startRank={ranking.startRank} columns="lg:grid-cols-3" />
      ) : (
        <StatusPanel title={t('catalogue.ranking_empty_title')} message={t('catalogue.ranking_empty_body')} />
      )}
      <Pager page={ranking.page} hasNext={ranking.hasNext} />
    </PageFrame>
  );
}
