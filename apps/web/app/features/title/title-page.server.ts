import {
  type ApiClient,
  commentOperations,
  getChapterAlertSetting,
  getTitleAgeGate,
  getTitleSupplement,
  getWebTitleDetail,
  getWebTitlePersonal,
  listGenres,
  listTitleTickets,
  listWebRecommendedTitles,
} from '@manga/api-client';
import {
  type Episode,
  parseWireDateTime,
  type TicketInfo,
  type Title,
  type TitleSupplement,
  type WebTitle,
} from '@manga/contracts';
import type { RouterContextProvider } from 'react-router';
import { toPublicImageUrl } from '#app/api.server.ts';
import { env } from '#app/env.server.ts';
import { clearSessionCookie } from '#app/features/account/account-api.server.ts';
import { ageRestrictionOf } from '#app/features/catalogue/age-restriction.ts';
import { episodeAccess, episodeSortOrder, sortEpisodes } from '#app/features/catalogue/episode-access.ts';
import { failLoad } from '#app/features/catalogue/load-errors.server.ts';
import { optionalCall } from '#app/features/catalogue/optional-call.ts';
import { withoutPurchaseDialog } from '#app/features/catalogue/purchase-paths.ts';
import { loadTitleProgress, titleProgressOf } from '#app/features/catalogue/reading-history.server.ts';
import { episodeHref, publishBadge, titleHref, toTitleCard } from '#app/features/catalogue/title-view.ts';
import { loadEpisodeComments } from '#app/features/comments/comments.server.ts';
import { OPEN_COMMENTS_PARAM, openCommentsEpisodeOf } from '#app/features/comments/comments.ts';
import { titleRouteContext } from '#app/guards/route-middleware.server.ts';
import type { PersonalEpisode, PersonalTitle } from '#app/personal/personal-data.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import { loadPurchaseDialog } from './purchase.server.ts';
import { toTitleAlert } from './title-alert.ts';
import { type EpisodeRowView, fromEpisodeRows, type TicketBlockView, type TitlePageData } from './title-page.ts';
import { nextTitleTicketAt } from './title-ticket.ts';

/** When the page is rendered and the zone of the API's wire times (MANGA_WIRE_TIMEZONE). */
export interface PageClock {
  now: Date;
  timeZone: string;
}

/** The episode's own thumbnail (wire §3.1, the web one first), else the title's cover: never none. */
function episodeThumbnail(episode: Episode, titleThumbnail: string): string {
  return toPublicImageUrl(episode.web_thumbnail_image_url || episode.thumbnail_image_url || titleThumbnail);
}

/** What of an episode's row is the reader's own (a member shell draws the rest). */
function readerPartOf(episode: Episode, { now, timeZone }: PageClock): PersonalEpisode {
  return {
    access: episodeAccess(episode, now, timeZone),
    isViewed: episode.is_viewed === 1,
    isViewedLastPage: episode.is_viewed_last_page === 1,
  };
}

function toEpisodeRow(episode: Episode, clock: PageClock, titleThumbnail: string): EpisodeRowView {
  return {
    ...readerPartOf(episode, clock),
    id: episode.episode_id,
    href: episodeHref(episode.title_id, episode.episode_id),
    name: episode.episode_name,
    index: episode.index,
    releasedAt: parseWireDateTime(episode.start_time, clock.timeZone)?.toISOString(),
    bonusPoint: episode.bonus_point,
    commentCount: episode.comment_num,
    singleSale: episode.single_sale_enabled === 1,
    thumbnailUrl: episodeThumbnail(episode, titleThumbnail),
  };
}

/** The ticket block; what the reader holds only for a logged-in reader (the API answers visitors a full stock). */
function toTickets(
  supplement: TitleSupplement | undefined,
  title: Title | undefined,
  info: TicketInfo | undefined,
  isLoggedIn: boolean,
  now: Date,
  signedIn = isLoggedIn,
): TicketBlockView {
  const held = isLoggedIn ? info : undefined;
  return {
    enabled: (supplement?.title_ticket_enabled ?? title?.title_ticket_enabled ?? 0) === 1,
    signedIn,
    nextAt: nextTitleTicketAt(held?.title_ticket_info, now),
    owned: held?.title_ticket_info?.own_ticket_num,
    premiumOwned: held?.premium_ticket_info?.own_ticket_num,
    max: info?.title_ticket_info?.max_ticket_num ?? supplement?.max_ticket_num ?? 1,
    rentalSeconds: info?.title_ticket_info?.rental_second ?? supplement?.ticket_rental_second ?? 0,
    recoverSeconds: info?.title_ticket_info?.recover_second ?? supplement?.ticket_recover_second ?? 0,
  };
}

/** A call whose failure only hides its block (logged once). */
const optional = <T>(call: Promise<T>, what: string) => optionalCall(call, what, 'the title page');

/**
 * The title page: GET /web/title/detail (404 for an unknown title), then in parallel the title,
 * supplement, episodes, genres, tickets and similar titles.
 */
export async function loadTitlePage(
  api: ApiClient,
  url: URL,
  titleId: number,
  clock: PageClock = { now: new Date(), timeZone: env.wireTimeZone },
  {
    isLoggedIn = false,
    isCrawler = false,
    memberShell = false,
  }: { isLoggedIn?: boolean; isCrawler?: boolean; memberShell?: boolean } = {},
): Promise<TitlePageData> {
  let detail: WebTitle;
  try {
    detail = (await getWebTitleDetail(api, { title_id: titleId })).web_title;
  } catch (error) {
    failLoad(error, url);
  }
  const commentsEpisodeId = openCommentsEpisodeOf(url.searchParams.get(OPEN_COMMENTS_PARAM), detail.episode_id_list);
  const [titles, supplement, episodes, genres, tickets, recommended, comments, progress, ageGate, alert] =
    await Promise.all([
      optional(api.listTitles({ title_id_list: [titleId] }), 'GET /title/list'),
      optional(getTitleSupplement(api, { title_id: titleId }), 'GET /title/supplement'),
      detail.episode_id_list.length > 0
        ? api.listEpisodes({ episode_id_list: detail.episode_id_list }).catch((error: unknown) => failLoad(error, url))
        : { episode_list: [] },
      detail.genre_id_list.length > 0
        ? optional(listGenres(api, { genre_id_list: detail.genre_id_list }), 'GET /genre/list')
        : undefined,
      optional(listTitleTickets(api, { title_id_list: [titleId] }), 'GET /title/ticket/list'),
      optional(listWebRecommendedTitles(api, { title_id: titleId, limit: 6 }), 'GET /web/recommend/title/list'),
      commentsEpisodeId === undefined
        ? undefined
        : loadEpisodeComments(commentOperations(api), commentsEpisodeId, { sort: 'new', offset: 0 }, clock.timeZone),
      isLoggedIn ? loadTitleProgress(api, titleId, detail.episode_id_list) : undefined,
      (detail.age_rating ?? 0) > 0
        ? optional(getTitleAgeGate(api, { title_id: titleId }), 'GET /web/title/age_gate')
        : undefined,
      isLoggedIn ? optional(getChapterAlertSetting(api), 'GET /user/chapter_alert_setting') : undefined,
    ]);
  const title = titles?.title_list[0];
  const info = supplement?.title_supplement;
  const sort = episodeSortOrder(url.searchParams.get('sort'));
  const rows = episodes.episode_list.map((episode) => toEpisodeRow(episode, clock, detail.thumbnail_image_url ?? ''));
  const { oldestFirst, ...derived } = fromEpisodeRows(rows);
  const genreNames = new Map((genres?.genre_list ?? []).map((genre) => [genre.genre_id, genre.genre_name]));
  return {
    id: titleId,
    href: titleHref(titleId),
    name: detail.title_name,
    nameInJapanese:
      detail.title_in_japanese && detail.title_in_japanese !== detail.title_name ? detail.title_in_japanese : undefined,
    authors: (info?.author_list ?? []).map((author) => ({ name: author.author_name, role: author.role })),
    authorText: detail.author_text,
    introduction: detail.introduction_text,
    coverUrl: toPublicImageUrl(detail.thumbnail_image_url ?? ''),
    posterUrl: toPublicImageUrl(title?.feature_image_url || detail.thumbnail_image_url || ''),
    backdropUrl: toPublicImageUrl(detail.banner_image_url || detail.thumbnail_rect_image_url),
    genres: detail.genre_id_list.flatMap((id) => {
      const name = genreNames.get(id);
      return name ? [{ id, name }] : [];
    }),
    tags: (info?.tag_list ?? []).map((tag) => tag.tag_name),
    magazine: info?.magazine_category_name_text ?? '',
    badge: title ? publishBadge(title.publish_category) : undefined,
    updateCycle: detail.new_episode_update_cycle_text,
    freeUpdateCycle: detail.free_episode_update_cycle_text,
    nextUpdate: (info?.next_updated_text ?? detail.next_updated_text) || undefined,
    notice: title?.notice_text ?? '',
    campaign: title?.campaign_text ?? '',
    totalEpisodes: detail.total_episode_count,
    freeEpisodes: detail.free_episode_count,
    episodes: sortEpisodes(rows, sort),
    catchUp: derived.catchUp,
    sort,
    firstEpisodeHref: derived.firstEpisodeHref,
    latestReadableHref: derived.latestReadableHref,
    latestReadableIndex: derived.latestReadableIndex,
    tickets: toTickets(
      info,
      title,
      tickets?.title_ticket_list.find((entry) => entry.title_id === titleId)?.ticket_info,
      isLoggedIn,
      clock.now,
      isLoggedIn || memberShell,
    ),
    openComments:
      commentsEpisodeId === undefined || !comments ? undefined : { episodeId: commentsEpisodeId, initial: comments },
    commentsEntryEpisodeId: derived.commentsEntryEpisodeId,
    shareUrl: `${url.origin}${titleHref(titleId)}`,
    recommended: (recommended?.title_list ?? [])
      .filter((candidate) => candidate.title_id !== titleId)
      .slice(0, 6)
      .map((candidate) => toTitleCard(candidate, toPublicImageUrl)),
    episodeIds: oldestFirst.map((row) => row.id),
    continueReading: progress,
    following: title?.favorite_status === 1,
    alert: alert ? toTitleAlert(alert, titleId) : undefined,
    renderedAt: clock.now.toISOString(),
    purchase: undefined,
    closeDialogHref: withoutPurchaseDialog(url),
    ageRating: Math.max(0, ageGate?.age_gate.age_rating ?? detail.age_rating ?? 0),
    ageRestriction: ageRestrictionOf(ageGate?.age_gate, {
      returnTo: `${url.pathname}${url.search}`,
      isCrawler,
      fallback: 'none',
    }),
  };
}

/**
 * The title page's loader: a logged-in visitor's page also says where they left off, so it is
 * theirs alone (the root middleware makes every logged-in visitor's page private, no-store).
 */
export async function loadRouteTitlePage(request: Request, context: Readonly<RouterContextProvider>, url: URL) {
  const { titleId } = context.get(titleRouteContext);
  const state = visitorOf(context);
  const { isCrawler, memberShell = false } = state.visitor;
  const isLoggedIn = state.visitor.isLoggedIn && !memberShell;
  const api = apiFor(request, context);
  const clock = { now: new Date(), timeZone: env.wireTimeZone };
  const page = await loadTitlePage(api, url, titleId, clock, { isLoggedIn, isCrawler, memberShell });
  if (memberShell) {
    // The shared shell of logged-in readers (ADR 048). An age-rated title's answer depends on the
    // reader's declared age, which the shell does not know: drawn for each reader instead.
    state.shellMeta = page.ageRating > 0 ? { refuse: true } : { episodeIds: page.episodeIds };
    return { ...page, purchase: undefined, personalDeferred: true };
  }
  const purchase = await loadPurchaseDialog(api, url, titleId, page.episodes, page.catchUp, {
    isLoggedIn,
    now: clock.now,
    forgetSession: () => clearSessionCookie(visitorOf(context)),
  });
  return { ...page, purchase };
}

/**
 * A logged-in reader's part of a title page (ADR 048): their access to each episode and read marks,
 * whether they follow the title, their tickets and where they left off. `episodeIds` are the shell's.
 * `changesAt`: when the API says it changes by the clock alone (epoch ms), undefined when never.
 */
export async function loadTitlePersonal(
  api: ApiClient,
  titleId: number,
  episodeIds: readonly number[],
  clock: PageClock = { now: new Date(), timeZone: env.wireTimeZone },
): Promise<{ personal: PersonalTitle; changesAt: number | undefined }> {
  // One call (ADR 076): a session the API no longer knows fails it, and the page is then drawn whole.
  const answer = await getWebTitlePersonal(api, { title_id: titleId });
  const own: Record<string, PersonalEpisode> = {};
  // Only the reader's part of each row: the rest is the shell's.
  for (const episode of answer.episode_list) own[String(episode.episode_id)] = readerPartOf(episode, clock);
  const info = answer.title_ticket?.ticket_info;
  const held = toTickets(undefined, undefined, info, true, clock.now);
  const personal: PersonalTitle = {
    following: answer.favorite_status === 1,
    alert: toTitleAlert(answer, titleId),
    episodes: own,
    tickets: { owned: held.owned, premiumOwned: held.premiumOwned, nextAt: held.nextAt },
    continueReading: titleProgressOf(answer.viewed_title, titleId, episodeIds),
    renderedAt: clock.now.toISOString(),
  };
  // When it stops being true by the clock alone (ADR 082): what the web server may keep it until.
  return { personal, changesAt: answer.changes_at ?? undefined };
}
