// Runs the migrations in ./migrations. The list is static (no directory scan) so that it works the
// same under tsx, vitest and a bundler. Add each new migration file to `migrations` below.
import { type Kysely, type Migration, type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely';
import * as initialSchema from '#src/db/migrations/20261122000000_initial_schema.ts';
import * as accounts from '#src/db/migrations/20261122010000_accounts.ts';
import * as catalogue from '#src/db/migrations/20261122020000_catalogue.ts';
import * as commentsAndModeration from '#src/db/migrations/20261123130000_comments_and_moderation.ts';
import * as throttleEvents from '#src/db/migrations/20261123140000_throttle_events.ts';
import * as wallet from '#src/db/migrations/20261123150000_wallet.ts';
import * as readingProgress from '#src/db/migrations/20261123153000_reading_progress.ts';
import * as favoriteTitles from '#src/db/migrations/20261124183000_favorite_titles.ts';
import * as titleTextsJa from '#src/db/migrations/20261124184500_title_texts_ja.ts';
import * as shop from '#src/db/migrations/20261124191000_shop.ts';
import * as catalogueRevision from '#src/db/migrations/20261124212000_catalogue_revision.ts';
import * as titleSearchIndex from '#src/db/migrations/20261124213000_title_search_index.ts';
import * as testCheckoutSessions from '#src/db/migrations/20261126060000_test_checkout_sessions.ts';
import * as readinessProbe from '#src/db/migrations/20261127030000_readiness_probe.ts';
import * as paymentEventOrder from '#src/db/migrations/20261127034000_payment_event_order.ts';
import * as checkoutTerms from '#src/db/migrations/20261127035000_checkout_terms.ts';
import * as titleReadingDirection from '#src/db/migrations/20261127072100_title_reading_direction.ts';
import * as pageLightTier from '#src/db/migrations/20261127074500_page_light_tier.ts';
import * as staffRoles from '#src/db/migrations/20261127080100_staff_roles.ts';
import * as catalogueRevisionNotify from '#src/db/migrations/20261127080200_catalogue_revision_notify.ts';
import * as jobLease from '#src/db/migrations/20261127080300_job_lease.ts';
import * as bookmarksPrivateReading from '#src/db/migrations/20261127080400_bookmarks_private_reading.ts';
import * as commentReportReasons from '#src/db/migrations/20261127110100_comment_report_reasons.ts';
import * as auditRequestKey from '#src/db/migrations/20261127110400_audit_request_key.ts';
import * as chapterAlerts from '#src/db/migrations/20261127110500_chapter_alerts.ts';
import * as readerNickname from '#src/db/migrations/20261127141000_reader_nickname.ts';
import * as chapterUpload from '#src/db/migrations/20261127190500_chapter_upload.ts';
import * as figuresIndexes from '#src/db/migrations/20261127194000_figures_indexes.ts';
import * as topCuration from '#src/db/migrations/20261127221500_top_curation.ts';
import * as readerRevision from '#src/db/migrations/20261128170000_reader_revision.ts';
import * as readerRevisionMy from '#src/db/migrations/20261129010000_reader_revision_my.ts';

/** Every migration by file name (without `.ts`), oldest first. */
export const migrations: Readonly<Record<string, Migration>> = Object.freeze({
  '20261122000000_initial_schema': initialSchema,
  '20261122010000_accounts': accounts,
  '20261122020000_catalogue': catalogue,
  '20261123130000_comments_and_moderation': commentsAndModeration,
  '20261123140000_throttle_events': throttleEvents,
  '20261123150000_wallet': wallet,
  '20261123153000_reading_progress': readingProgress,
  '20261124183000_favorite_titles': favoriteTitles,
  '20261124184500_title_texts_ja': titleTextsJa,
  '20261124191000_shop': shop,
  '20261124212000_catalogue_revision': catalogueRevision,
  '20261124213000_title_search_index': titleSearchIndex,
  '20261126060000_test_checkout_sessions': testCheckoutSessions,
  '20261127030000_readiness_probe': readinessProbe,
  '20261127034000_payment_event_order': paymentEventOrder,
  '20261127035000_checkout_terms': checkoutTerms,
  '20261127072100_title_reading_direction': titleReadingDirection,
  '20261127074500_page_light_tier': pageLightTier,
  '20261127080100_staff_roles': staffRoles,
  '20261127080200_catalogue_revision_notify': catalogueRevisionNotify,
  '20261127080300_job_lease': jobLease,
  '20261127080400_bookmarks_private_reading': bookmarksPrivateReading,
  '20261127110100_comment_report_reasons': commentReportReasons,
  '20261127110400_audit_request_key': auditRequestKey,
  '20261127110500_chapter_alerts': chapterAlerts,
  '20261127141000_reader_nickname': readerNickname,
  '20261127190500_chapter_upload': chapterUpload,
  '20261127194000_figures_indexes': figuresIndexes,
  '20261127221500_top_curation': topCuration,
  '20261128170000_reader_revision': readerRevision,
  '20261129010000_reader_revision_my': readerRevisionMy,
});

export class MigrationError extends Error {}

function createMigrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } });
}

function appliedNames(resultSet: MigrationResultSet, action: string): string[] {
  const { error, results = [] } = resultSet;
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      failed ? `Migration "${failed}" failed to ${action}: ${reason}` : `Could not ${action} migrations: ${reason}`,
      { cause: error },
    );
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Applies every pending migration; returns the names applied (empty when already up to date). */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  return appliedNames(await createMigrator(db).migrateToLatest(), 'apply');
}

/**
 * Reverts migrations: the latest one by default, or down to (excluding) `target`, or all of them with
 * `{ to: 'nothing' }`. Returns the names reverted.
 */
export async function migrateDown<DB>(db: Kysely<DB>, options: { to?: string | 'nothing' } = {}): Promise<string[]> {
  const migrator = createMigrator(db);
  const resultSet =
    options.to === undefined
      ? await migrator.migrateDown()
      : await migrator.migrateTo(options.to === 'nothing' ? NO_MIGRATIONS : options.to);
  return appliedNames(resultSet, 'revert');
}

/** Names of the migrations already applied, oldest first. */
export async function listAppliedMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const infos = await createMigrator(db).getMigrations();
  return infos.filter((info) => info.executedAt !== undefined).map((info) => info.name);
}
