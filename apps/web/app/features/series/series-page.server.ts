import { type ApiClient, getWeeklyTitles } from '@manga/api-client';
import { toPublicImageUrl } from '#app/api.server.ts';
import { failLoad } from '#app/features/catalogue/load-errors.server.ts';
import { titlesInOrder, toFeaturedTitle, toTitleCard } from '#app/features/catalogue/title-view.ts';
import type { SeriesPageData } from './series-page.ts';
import { orderWeeklyEntries, selectedWeekday } from './weekday.ts';

/** /series: GET /title/weekly, the chosen weekday's (`?day=`, else today's) titles with its feature first. */
export async function loadSeriesPage(api: ApiClient, url: URL): Promise<SeriesPageData> {
  try {
    const weekly = await getWeeklyTitles(api);
    const todayIndex = weekly.today_weekday_index;
    const entries = orderWeeklyEntries(weekly.weekly_list, todayIndex);
    const selected = selectedWeekday(url.searchParams.get('day'), todayIndex);
    const entry = entries.find((candidate) => candidate.weekday_index === selected);
    const titles = titlesInOrder(entry?.title_id_list ?? [], weekly.title_list);
    const featured = titles.find((title) => title.title_id === entry?.feature_title_id) ?? titles[0];
    return {
      todayIndex,
      weekdays: entries.map((candidate) => candidate.weekday_index),
      selected,
      feature: featured ? toFeaturedTitle(featured, toPublicImageUrl) : undefined,
      titles: titles.map((title) => ({
        ...toTitleCard(title, toPublicImageUrl),
        note: title.next_updated_text ?? undefined,
      })),
      bonusIds: entry?.bonus_point_title_id ?? [],
      newIds: entry?.new_title_id_list ?? [],
    };
  } catch (error) {
    failLoad(error, url);
  }
}
