import type { EpisodeAccess, EpisodeSortOrder } from '#app/features/catalogue/episode-access.ts';
import type { ContinueReading } from '#app/features/catalogue/reading-history.ts';
import type { TitleBadge, TitleCardView } from '#app/features/catalogue/title-view.ts';
import type { EpisodeCommentsData } from '#app/features/comments/comments.ts';
import type { PurchaseDialogView } from './purchase.ts';

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
  /** The reader reached the episode's last page (WIRE.md `is_viewed_last_page`). */
  isViewedLastPage: boolean;
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
  sort: EpisodeSortOrder;
  firstEpisodeHref: string | undefined;
  /** The newest episode the reader can open now. */
  latestReadableHref: string | undefined;
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
  /** Where a logged-in reader left off (the API's, for every device); guests' comes from the browser. */
  continueReading: ContinueReading | undefined;
  /** When the page was drawn (ISO instant): the first frame of its countdowns. */
  renderedAt: string;
  /** The buy, rent or catch-up confirmation the URL asks for (`?buy=`, `?rent=`, `?bulk=1`). */
  purchase: PurchaseDialogView | undefined;
  /** Where "Cancel" on a confirmation goes: this page without it. */
  closeDialogHref: string;
}
