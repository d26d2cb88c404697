// New-chapter alerts (issue 28, ADR 065). A reader who follows titles may turn on a mail: the
// SendChapterAlerts job (under the scheduler's lease, ADR 040) mails each due reader, at most once a
// day, every chapter of a followed title released since they turned it on and not mailed before, in
// their language, with a one-click unsubscribe link (RFC 8058) that needs no login. Each chapter is
// recorded per reader before the mail goes out (claimAlerts), so two runs at once mail it once. Age-
// rated titles the account may not open (the age rule, entitlement.rules.ts) are never listed.
// The header bell lists chapters of followed titles released since it was last opened.
import {
  type Birthday,
  formatWireDateTime,
  type Locale,
  type NewChapter,
  parseBirthday,
  ResponseCode,
} from '@manga/contracts';
import { renderChapterAlertMail } from '#src/mail/mail-renderer.ts';
import type { AlertReaderRow, NewChapterRow } from '#src/repositories/chapter-alert.repository.ts';
import type { MailMessage } from '#src/repositories/mail.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { type RequestAuth, requireActiveUser, requireLogin } from '#src/rules/auth.rules.ts';
import {
  ALERT_MAIL_GAP_MS,
  MAX_ALERT_CHAPTERS,
  type MailLinkSigner,
  unsubscribeTokenOf,
  verifyUnsubscribeToken,
} from '#src/rules/chapter-alert.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { decideTitleAgeAccess, type Reader } from '#src/rules/entitlement.rules.ts';
import type { JobOutcome } from '#src/services/job-scheduler.service.ts';
import { NO_OUTCOME_EVENTS, type OutcomeEvents } from '#src/services/outcome-events.service.ts';

export const SEND_CHAPTER_ALERTS = 'SendChapterAlerts';

/** The bell reads this many recent chapters before the age rule filters them. */
const BELL_READ_LIMIT = 200;
/** Readers mailed per run; the rest are due at the next run. */
const READERS_PER_RUN = 500;

export interface ChapterAlertStore {
  listDueAlertReaders(now: number, mailedBefore: number, limit: number): Promise<AlertReaderRow[]>;
  listAlertChapters(userId: number, now: number, limit: number): Promise<NewChapterRow[]>;
  claimAlerts(userId: number, episodeIds: readonly number[], now: number): Promise<number[]>;
  finishAlerts(userId: number, episodeIds: readonly number[], now: number): Promise<void>;
  releaseAlerts(userId: number, episodeIds: readonly number[]): Promise<void>;
  listNewChapters(userId: number, seenAt: number | null, now: number, limit: number): Promise<NewChapterRow[]>;
  listMutedTitleIds(userId: number): Promise<number[]>;
  updateTitleAlert(userId: number, titleId: number, alertMail: 0 | 1): Promise<boolean>;
}

export interface ChapterAlertServiceDeps {
  alerts: ChapterAlertStore;
  users: Pick<UserRepository, 'findUserById' | 'updateUser'>;
  mail: { send(message: MailMessage): Promise<unknown> };
  /** The age rule with the request's reader (the bell): the account's birthday, else the declared one. */
  ageAccess: {
    decideTitleAgeAccess(reader: Reader, title: { age_rating: number }, now: number): Promise<{ admitted: boolean }>;
  };
  clock: { now(): number };
  sign: MailLinkSigner;
  safeEqual(a: string, b: string): boolean;
  /** Told each alert mail's outcome (metrics). */
  events?: OutcomeEvents;
}

export interface ChapterAlertOptions {
  webPublicUrl: string;
  timeZone: string;
  log?: { warn(details: object, message: string): void };
}

export class ChapterAlertService {
  constructor(
    private readonly deps: ChapterAlertServiceDeps,
    private readonly options: ChapterAlertOptions,
  ) {}

  /** GET /user/chapter_alert_setting */
  async getSetting(auth: RequestAuth) {
    const user = requireLogin(auth);
    return this.settingOf(user.userId);
  }

  /**
   * POST /user/chapter_alert_mail: on counts chapters from now (the back catalogue is never mailed)
   * and mails in the language of the request that turned it on.
   */
  async setMail(auth: RequestAuth, on: 0 | 1, locale: Locale) {
    const user = requireActiveUser(auth);
    const account = await this.deps.users.findUserById(user.userId);
    if (!account?.email) throw new DomainError(ResponseCode.AccountUnregistered);
    const now = this.deps.clock.now();
    await this.deps.users.updateUser(
      user.userId,
      on === 1
        ? {
            chapter_alert_mail: 1,
            locale,
            ...(account.chapter_alert_mail === 1 ? {} : { chapter_alert_from: now }),
            updated_at: now,
          }
        : { chapter_alert_mail: 0, updated_at: now },
    );
    return this.settingOf(user.userId);
  }

  /** POST /favorite/alert: one followed title's mail on or off. */
  async setTitleAlert(auth: RequestAuth, titleId: number, on: 0 | 1) {
    const user = requireActiveUser(auth);
    if (!(await this.deps.alerts.updateTitleAlert(user.userId, titleId, on))) {
      throw new DomainError(ResponseCode.TitleNotFound, 'You do not follow this title.');
    }
    return this.settingOf(user.userId);
  }

  /** GET /user/new_chapters: the bell's chapters, newest first, those the reader may open only. */
  async listNewChapters(auth: RequestAuth, reader: Reader, locale: Locale) {
    const user = requireLogin(auth);
    const account = await this.deps.users.findUserById(user.userId);
    const now = this.deps.clock.now();
    const rows = await this.deps.alerts.listNewChapters(
      user.userId,
      account?.new_chapters_seen_at ?? null,
      now,
      BELL_READ_LIMIT,
    );
    const admitted = await this.admittedTitles(rows, (title) =>
      this.deps.ageAccess.decideTitleAgeAccess(reader, title, now).then((access) => access.admitted),
    );
    const shown = rows.filter((row) => admitted.has(row.title_id));
    return {
      new_chapter_num: shown.length,
      new_chapter_list: shown.slice(0, MAX_ALERT_CHAPTERS).map((row) => this.toNewChapter(row, locale)),
    };
  }

  /** POST /user/new_chapters/seen: the bell was opened; it lists only later chapters from now on. */
  async markNewChaptersSeen(auth: RequestAuth) {
    const user = requireLogin(auth);
    await this.deps.users.updateUser(user.userId, { new_chapters_seen_at: this.deps.clock.now() });
    return { new_chapter_num: 0, new_chapter_list: [] };
  }

  /** GET /mail/unsubscribe: whose mail the link stops; 400 for a forged or tampered token. */
  async readUnsubscribe(token: string) {
    const account = await this.accountOfToken(token);
    return { email: maskEmail(account.email ?? ''), chapter_alert_mail: account.chapter_alert_mail };
  }

  /** POST /mail/unsubscribe: stops the alert mail (RFC 8058 one-click); again changes nothing. */
  async unsubscribe(token: string) {
    const account = await this.accountOfToken(token);
    if (account.chapter_alert_mail === 1) {
      await this.deps.users.updateUser(account.id, { chapter_alert_mail: 0, updated_at: this.deps.clock.now() });
    }
    return { email: maskEmail(account.email ?? ''), chapter_alert_mail: 0 };
  }

  /** The link of an account's unsubscribe page (the web app's; RFC 8058 POSTs to the same URL). */
  unsubscribeLinkOf(userId: number): string {
    return `${this.options.webPublicUrl}/mail/unsubscribe?token=${encodeURIComponent(unsubscribeTokenOf(userId, this.deps.sign))}`;
  }

  /** Whether a reader is due a mail now (the job runs at start when one is). */
  async hasDueAlerts(): Promise<boolean> {
    const now = this.deps.clock.now();
    return (await this.deps.alerts.listDueAlertReaders(now, now - ALERT_MAIL_GAP_MS, 1)).length > 0;
  }

  /**
   * SendChapterAlerts: one mail to each due reader listing the chapters this run recorded for
   * them. A mail that fails drops its records so that the next run tries again.
   */
  async handleSendChapterAlerts(): Promise<JobOutcome> {
    const now = this.deps.clock.now();
    const readers = await this.deps.alerts.listDueAlertReaders(now, now - ALERT_MAIL_GAP_MS, READERS_PER_RUN);
    let sent = 0;
    let failed = 0;
    for (const reader of readers) {
      try {
        if (await this.mailReader(reader, now)) sent += 1;
      } catch (error) {
        failed += 1;
        this.options.log?.warn({ err: error, userId: reader.user_id }, 'Chapter alert mail not sent');
      }
    }
    if (failed > 0 && sent === 0) return 'failed';
    return sent > 0 ? 'success' : 'skipped';
  }

  private async mailReader(reader: AlertReaderRow, now: number): Promise<boolean> {
    const rows = await this.deps.alerts.listAlertChapters(reader.user_id, now, BELL_READ_LIMIT);
    const birthday = parseBirthday(reader.birthday, new Date(now));
    const shown = rows.filter((row) => admitsAccount(row, birthday, now));
    const claimed = new Set(
      await this.deps.alerts.claimAlerts(
        reader.user_id,
        shown.map((row) => row.episode_id),
        now,
      ),
    );
    const chapters = shown.filter((row) => claimed.has(row.episode_id));
    if (chapters.length === 0) return false;
    const ids = chapters.map((row) => row.episode_id);
    const locale: Locale = reader.locale === 'en' ? 'en' : 'ja';
    const unsubscribeLink = this.unsubscribeLinkOf(reader.user_id);
    const listed = chapters.slice(-MAX_ALERT_CHAPTERS).reverse();
    const rendered = renderChapterAlertMail(locale, {
      chapters: listed.map((row) => {
        const chapter = this.toNewChapter(row, locale);
        return {
          title: chapter.title_name,
          episode: chapter.episode_name,
          time: chapter.start_time.slice(0, 16),
          link: `${this.options.webPublicUrl}/title/${row.title_id}/episode/${row.episode_id}`,
        };
      }),
      more: chapters.length - listed.length,
      settingsLink: `${this.options.webPublicUrl}/my/setting`,
      unsubscribeLink,
    });
    try {
      await (this.deps.events ?? NO_OUTCOME_EVENTS).mail('chapter_alert', () =>
        this.deps.mail.send({
          to: reader.email,
          ...rendered,
          headers: {
            'List-Unsubscribe': `<${unsubscribeLink}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }),
      );
    } catch (error) {
      await this.deps.alerts.releaseAlerts(reader.user_id, ids);
      throw error;
    }
    await this.deps.alerts.finishAlerts(reader.user_id, ids, now);
    return true;
  }

  private async admittedTitles(
    rows: readonly NewChapterRow[],
    admits: (title: { age_rating: number }) => Promise<boolean>,
  ): Promise<Set<number>> {
    const titles = new Map(rows.map((row) => [row.title_id, row]));
    const admitted = new Set<number>();
    for (const [titleId, row] of titles) {
      if (row.age_rating <= 0 || (await admits(row))) admitted.add(titleId);
    }
    return admitted;
  }

  private toNewChapter(row: NewChapterRow, locale: Locale): NewChapter {
    const ja = locale === 'ja';
    return {
      title_id: row.title_id,
      title_name: (ja ? row.title_name_ja : row.title_name_en) || row.title_name_en || row.title_name_ja,
      episode_id: row.episode_id,
      episode_name: (ja ? row.episode_name_ja : row.episode_name_en) || row.episode_name_en || row.episode_name_ja,
      start_time: formatWireDateTime(new Date(Number(row.start_at)), this.options.timeZone),
    };
  }

  private async settingOf(userId: number) {
    const [account, muted] = await Promise.all([
      this.deps.users.findUserById(userId),
      this.deps.alerts.listMutedTitleIds(userId),
    ]);
    return { chapter_alert_mail: account?.chapter_alert_mail ?? 0, alert_off_title_list: muted };
  }

  private async accountOfToken(token: string) {
    const userId = verifyUnsubscribeToken(token, this.deps.sign, this.deps.safeEqual);
    const account = userId === undefined ? undefined : await this.deps.users.findUserById(userId);
    if (!account) throw new DomainError(ResponseCode.InvalidParameter, 'This unsubscribe link is not valid.', 400);
    return account;
  }
}

/** The age rule for the account alone (no request, no cookie): its stored birthday decides. */
function admitsAccount(row: NewChapterRow, birthday: Birthday | undefined, now: number): boolean {
  return decideTitleAgeAccess(row, birthday, now).admitted;
}

/** "reader@example.com" → "r•••@example.com": enough to recognise one's own address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
