import type { EpisodeAccess } from '#app/features/catalogue/episode-access.ts';
import type { ContinueReading, HistoryEntryView } from '#app/features/catalogue/reading-history.ts';
import type { MyPageData } from '#app/features/my/my-page.ts';
import type { TitleAlertView } from '#app/features/title/title-alert.ts';

// The data of a logged-in reader's personal answer (ADR 048; personal.tsx has the browser's side).

/** Id of the element that holds the reader's answer. */
export const PERSONAL_ELEMENT_ID = 'manga-personal';

/**
 * What the member shell holds where the reader's answer goes; the web server splits cached shells
 * at it as at the CSP nonce. It is never sent: every answer fills the slot (with `null` at least).
 */
export const PERSONAL_SLOT = '"manga-personal-slot-7f3c9a"';

/** An episode row's personal state: how the reader may open it, and their read marks. */
export interface PersonalEpisode {
  access: EpisodeAccess;
  isViewed: boolean;
  isViewedLastPage: boolean;
}

export interface PersonalTitle {
  following: boolean;
  /** The new-chapter mail switches (ADR 065); undefined when the API did not answer. */
  alert: TitleAlertView | undefined;
  /** Every episode of the title by id. */
  episodes: Record<string, PersonalEpisode>;
  tickets: { owned: number | undefined; premiumOwned: number | undefined; nextAt: string | undefined };
  continueReading: ContinueReading | undefined;
  /** When the answer was made (ISO instant): the first frame of its countdowns. */
  renderedAt: string;
}

/** The reader's answer by page. */
export interface PersonalByKind {
  top: { history: HistoryEntryView[] };
  title: PersonalTitle;
  my: MyPageData;
}

export type PersonalKind = keyof PersonalByKind;

/** The reader's answer for one page, with the path it belongs to. */
export type PersonalData = { [K in PersonalKind]: { kind: K; path: string; data: PersonalByKind[K] } }[PersonalKind];

/** The answer as the text of the slot's element: JSON that cannot end the element early. */
export function personalSlotText(data: PersonalData | null): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
