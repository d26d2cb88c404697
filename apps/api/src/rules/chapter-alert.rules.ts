// New-chapter alerts (issue 28, ADR 065): the unsubscribe link's signed token, the one-mail-a-day
// rule and which chapters a mail or the header bell lists. Pure; the keyed hash is passed in.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** At most one alert mail a day per reader. */
export const ALERT_MAIL_GAP_MS = DAY_MS;

/** Chapters listed in one mail and in the bell (the newest; the rest are counted). */
export const MAX_ALERT_CHAPTERS = 50;

/** The keyed hash (HMAC-SHA256, base64url) the container binds to MANGA_MAIL_LINK_SECRET. */
export type MailLinkSigner = (value: string) => string;

/** What the HMAC is computed over: the purpose, the version and the account. */
export const unsubscribeTokenInput = (userId: number) => `chapter-alert-unsubscribe:v1:${userId}`;

/** The token of the one-click unsubscribe link: `<userId>.<signature>`; no login, never expires. */
export function unsubscribeTokenOf(userId: number, sign: MailLinkSigner): string {
  return `${userId}.${sign(unsubscribeTokenInput(userId))}`;
}

const TOKEN = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

/** The account a token was signed for, or undefined when it is malformed, forged or tampered with. */
export function verifyUnsubscribeToken(
  token: string,
  sign: MailLinkSigner,
  safeEqual: (a: string, b: string) => boolean,
): number | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId)) return undefined;
  return safeEqual(sign(unsubscribeTokenInput(userId)), match[2] as string) ? userId : undefined;
}

/** Whether a reader last mailed at `mailedAt` may be mailed again at `now`. */
export function isAlertMailDue(mailedAt: number | null, now: number): boolean {
  return mailedAt === null || now - mailedAt >= ALERT_MAIL_GAP_MS;
}

/**
 * The time after which a released chapter is new to a reader: after they followed the title and
 * after `since` (the mail switch turned on, or the bell last opened; none counts from the follow).
 */
export function newChapterBound(followedAt: number, since: number | null): number {
  return since === null ? followedAt : Math.max(followedAt, since);
}
