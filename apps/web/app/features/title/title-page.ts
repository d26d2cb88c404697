import type { AgeRestriction } from '#app/features/catalogue/age-restriction.ts';
import {
  type EpisodeAccess,
  type EpisodeSortOrder,
  isReadable,
  sortEpisodes,
} from '#app/features/catalogue/episode-access.ts';
import { type CatchUp, catchUpOf, type PurchaseDialogView } from '#app/features/catalogue/purchase.ts';
import type { ContinueReading } from '#app/features/catalogue/reading-history.ts';
import type { TitleBadge, TitleCardView } from '#app/features/catalogue/title-view.ts';
import type { EpisodeCommentsData } from '#app/features/comments/comments.ts';
import type { PersonalTitle } from '#app/personal/personal-data.ts';
import type { TitleAlertView } from './title-alert.ts';

// The view model of the title page, shared by its loader and its components.

export interface EpisodeRowView {
  id: number;
  href: string;
  name: string;
  index: number;
  /** Release time as an ISO instant, for <time> and the date helpers. */
  releasedAt: string | undefined;
  access: EpisodeAccess;
  bonusPoint: number;
  commentCount: number;
  isViewed: boolean;
  /** The episode is sold on its own (`single_sale_enabled`): a Buy button, when it must be bought. */
  singleSale: boolean;
  /** The reader reached the episode's last page (docs/reference/wire.md `is_viewed_last_page`). */
  isViewedLastPage: boolean;
  /** Its thumbnail (square), else the title's cover; '' only when the title has none either. */
  thumbnailUrl: string;
}

export interface TicketBlockView {
  enabled: boolean;
  /** The page is a logged-in reader's: holdings come from the API, never "log in to collect". */
  signedIn: boolean;
  /** When the next title ticket comes back (ISO instant), while the reader holds none. */
  nextAt: string | undefined;
  /** Title tickets the reader holds, when the API tells (GET /title/ticket/list). */
  owned: number | undefined;
  premiumOwned: number | undefined;
  max: number;
  rentalSeconds: number;
  recoverSeconds: number;
}

export interface TitlePageData {
  id: number;
  href: string;
  name: string;
  nameInJapanese: string | undefined;
  authors: { name: string; role: string }[];
  authorText: string;
  introduction: string;
  coverUrl: string;
  posterUrl: string;
  backdropUrl: string;
  genres: { id: number; name: string }[];
  tags: string[];
  magazine: string;
  badge: TitleBadge | undefined;
  updateCycle: string;
  freeUpdateCycle: string;
  nextUpdate: string | undefined;
  notice: string;
  campaign: string;
  totalEpisodes: number;
  freeEpisodes: number;
  episodes: EpisodeRowView[];
  /**
   * The catch-up (paid chapters not opened, their total and point back), worked out once by the
   * loader: the page's figure and the bulk dialog's list are this one answer (issue 24).
   */
  catchUp: CatchUp;
  sort: EpisodeSortOrder;
  firstEpisodeHref: string | undefined;
  /** The newest episode the reader can open now. */
  latestReadableHref: string | undefined;
  /** Its chapter number: the button names the chapter ("Latest free chapter" read as the newest one, issue 24). */
  latestReadableIndex: number | undefined;
  tickets: TicketBlockView;
  /** The episode whose comments `?comments=` opened, with their first page (ADR 013). */
  openComments: { episodeId: number; initial: EpisodeCommentsData } | undefined;
  /** Where "Read the comments" leads: the newest episode the reader can open, else the newest one. */
  commentsEntryEpisodeId: number | undefined;
  shareUrl: string;
  recommended: TitleCardView[];
  /** Every chapter id, oldest first (what "continue" moves on to). */
  episodeIds: number[];
  /** The logged-in reader follows the title (the Title's favorite_status, ADR 017). */
  following: boolean;
  /** The logged-in reader's new-chapter mail, account and title (ADR 065); undefined for a visitor or the shell. */
  alert: TitleAlertView | undefined;
  /** Where a logged-in reader left off (the API's, for every device); guests' comes from the browser. */
  continueReading: ContinueReading | undefined;
  /** When the page was drawn (ISO instant): the first frame of its countdowns. */
  renderedAt: string;
  /** The buy, rent or catch-up confirmation the URL asks for (`?buy=`, `?rent=`, `?bulk=1`). */
  purchase: PurchaseDialogView | undefined;
  /** Where "Cancel" on a confirmation goes: this page without it. */
  closeDialogHref: string;
  /**
   * A member shell (ADR 048): drawn for every logged-in reader alike; their follow, access, read
   * marks, tickets and place come from their personal answer (personalizeTitle).
   */
  personalDeferred?: boolean;
  /** The title's minimum age; 0 when it has no rating. */
  ageRating: number;
  /** The rating does not admit the reader (the API's age rule): the inline question, or why (ADR 026). */
  ageRestriction: AgeRestriction | undefined;
}

/** What the page works out from its episode rows (any order): the catch-up, the newest open chapter, where comments lead. */
export function fromEpisodeRows(rows: readonly EpisodeRowView[]) {
  const oldestFirst = sortEpisodes(rows, 'asc');
  const latestReadable = [...oldestFirst].reverse().find((row) => isReadable(row.access));
  return {
    catchUp: catchUpOf(rows),
    firstEpisodeHref: oldestFirst[0]?.href,
    latestReadableHref: latestReadable?.href,
    latestReadableIndex: latestReadable?.index,
    commentsEntryEpisodeId: (latestReadable ?? oldestFirst[oldestFirst.length - 1])?.id,
    oldestFirst,
  };
}

/** The member shell's page with the reader's own state laid over it (ADR 048). */
export function personalizeTitle(page: TitlePageData, personal: PersonalTitle): TitlePageData {
  const episodes = page.episodes.map((row) => {
    const own = personal.episodes[String(row.id)];
    return own ? { ...row, ...own } : row;
  });
  const { oldestFirst: _, ...derived } = fromEpisodeRows(episodes);
  return {
    ...page,
    ...derived,
    episodes,
    following: personal.following,
    alert: personal.alert,
    continueReading: personal.continueReading,
    tickets: { ...page.tickets, ...personal.tickets, signedIn: true },
    renderedAt: personal.renderedAt,
    personalDeferred: false,
  };
}
