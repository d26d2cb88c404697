import type { Kysely } from 'kysely';
import type { Database, Millis } from '#src/db/schema.ts';

/** A reader due an alert mail: the account's address, language and birthday (the age rule reads it). */
export interface AlertReaderRow {
  user_id: number;
  email: string;
  locale: string;
  birthday: string | null;
}

/** A released chapter of a followed title, with what the mail, the bell and the age rule read. */
export interface NewChapterRow {
  title_id: number;
  title_name_en: string;
  title_name_ja: string;
  age_rating: number;
  episode_id: number;
  episode_name_en: string;
  episode_name_ja: string;
  start_at: Millis;
}

// New-chapter alerts (ADR 065): which readers are due a mail and which chapters it lists, the rows
// recording each chapter mailed to each reader (the primary key keeps it once), the bell's list and
// the per-title switch. Reads and writes only; the rules are chapter-alert.rules.ts and the service.
export class ChapterAlertRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Released chapters of titles the reader follows, released after the follow and after `after`. */
  private followedChapters(now: Millis) {
    return this.db
      .selectFrom('favorite_title as f')
      .innerJoin('user as u', 'u.id', 'f.user_id')
      .innerJoin('title as t', 't.id', 'f.title_id')
      .innerJoin('episode as e', 'e.title_id', 'f.title_id')
      .where('t.published_at', '<=', now)
      .where('e.start_at', '<=', now)
      .whereRef('e.start_at', '>', 'f.created_at');
  }

  /**
   * Readers with the mail on, an address, not mailed since `mailedBefore`, and at least one
   * chapter of a title they follow with the mail on, released after they turned it on and not yet
   * mailed to them. Lowest id first.
   */
  async listDueAlertReaders(now: Millis, mailedBefore: Millis, limit: number): Promise<AlertReaderRow[]> {
    const rows = await this.followedChapters(now)
      .select(['u.id as user_id', 'u.email', 'u.locale', 'u.birthday'])
      .distinct()
      .where('u.chapter_alert_mail', '=', 1)
      .where('u.status', '=', 'active')
      .where('u.email', 'is not', null)
      .where((eb) =>
        eb.or([eb('u.chapter_alert_mailed_at', 'is', null), eb('u.chapter_alert_mailed_at', '<=', mailedBefore)]),
      )
      .where('f.alert_mail', '=', 1)
      .whereRef('e.start_at', '>', 'u.chapter_alert_from')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('chapter_alert as a')
              .select('a.episode_id')
              .whereRef('a.user_id', '=', 'u.id')
              .whereRef('a.episode_id', '=', 'e.id'),
          ),
        ),
      )
      .orderBy('u.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, email: row.email ?? '' }));
  }

  /** The chapters a due reader's mail lists: as listDueAlertReaders counts them, oldest first. */
  listAlertChapters(userId: number, now: Millis, limit: number): Promise<NewChapterRow[]> {
    return this.followedChapters(now)
      .select(NEW_CHAPTER_COLUMNS)
      .where('f.user_id', '=', userId)
      .where('f.alert_mail', '=', 1)
      .whereRef('e.start_at', '>', 'u.chapter_alert_from')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('chapter_alert as a')
              .select('a.episode_id')
              .whereRef('a.user_id', '=', 'f.user_id')
              .whereRef('a.episode_id', '=', 'e.id'),
          ),
        ),
      )
      .orderBy('e.start_at')
      .orderBy('e.id')
      .limit(limit)
      .execute();
  }

  /**
   * Records the chapters as being mailed to the reader and returns those this call recorded: a
   * chapter another process (or an earlier run) recorded is left out, so it is mailed once.
   */
  async claimAlerts(userId: number, episodeIds: readonly number[], now: Millis): Promise<number[]> {
    if (episodeIds.length === 0) return [];
    const rows = await this.db
      .insertInto('chapter_alert')
      .values(
        episodeIds.map((episodeId) => ({ user_id: userId, episode_id: episodeId, status: 'pending', created_at: now })),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'episode_id']).doNothing())
      .returning('episode_id')
      .execute();
    return rows.map((row) => row.episode_id);
  }

  /** The mail went out: the chapters are sent and the reader's last mail is now. */
  async finishAlerts(userId: number, episodeIds: readonly number[], now: Millis): Promise<void> {
    if (episodeIds.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('chapter_alert')
        .set({ status: 'sent', sent_at: now })
        .where('user_id', '=', userId)
        .where('episode_id', 'in', [...episodeIds])
        .execute();
      await trx.updateTable('user').set({ chapter_alert_mailed_at: now }).where('id', '=', userId).execute();
    });
  }

  /** The mail could not be sent: the claims are dropped so that the next run tries again. */
  async releaseAlerts(userId: number, episodeIds: readonly number[]): Promise<void> {
    if (episodeIds.length === 0) return;
    await this.db
      .deleteFrom('chapter_alert')
      .where('user_id', '=', userId)
      .where('episode_id', 'in', [...episodeIds])
      .where('status', '=', 'pending')
      .execute();
  }

  /** The bell: chapters of followed titles released after the follow and after `seenAt`, newest first. */
  listNewChapters(userId: number, seenAt: Millis | null, now: Millis, limit: number): Promise<NewChapterRow[]> {
    return this.followedChapters(now)
      .select(NEW_CHAPTER_COLUMNS)
      .where('f.user_id', '=', userId)
      .where('e.start_at', '>', seenAt ?? 0)
      .orderBy('e.start_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The followed titles whose alert mail the reader turned off. */
  async listMutedTitleIds(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('favorite_title')
      .select('title_id')
      .where('user_id', '=', userId)
      .where('alert_mail', '=', 0)
      .orderBy('title_id')
      .execute();
    return rows.map((row) => row.title_id);
  }

  /** Turns one followed title's alert mail on or off; false when the reader does not follow it. */
  async updateTitleAlert(userId: number, titleId: number, alertMail: 0 | 1): Promise<boolean> {
    const result = await this.db
      .updateTable('favorite_title')
      .set({ alert_mail: alertMail })
      .where('user_id', '=', userId)
      .where('title_id', '=', titleId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

const NEW_CHAPTER_COLUMNS = [
  't.id as title_id',
  't.name_en as title_name_en',
  't.name_ja as title_name_ja',
  't.age_rating',
  'e.id as episode_id',
  'e.name_en as episode_name_en',
  'e.name_ja as episode_name_ja',
  'e.start_at',
] as const;
