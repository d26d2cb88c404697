// Initial schema: exactly the tables and columns of src/db/schema.ts (checked by the drift test in
// test/integration/schema.test.ts). Never edit after merge; later changes are new migration files.
//
// Foreign keys: rows a parent owns cascade with it (tokens and wallets of a user, episodes of a
// title, pages of an episode, …). Money records (purchase, magazine_purchase, payment, subscription)
// do not cascade from the catalogue or from products: deleting a sold episode or a product is refused.
// Optional links to catalogue rows (title.magazine_category_id, episode.magazine_id, …) are set null.
// Primary-key columns are declared NOT NULL explicitly: SQLite otherwise accepts NULL in them.
import type { Kysely } from 'kysely';
import { dialectOf, migrationColumnTypes } from '#src/db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = migrationColumnTypes(dialectOf(db));
  const schema = db.schema;

  // ── accounts ────────────────────────────────────────────────────────────────────────────────
  await schema
    .createTable('user')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('email', 'text', (c) => c.unique()) // NULLs are distinct on both dialects
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('birthday', 'text')
    .addColumn('nickname', 'text')
    .addColumn('gender', 'integer')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('ja'))
    .addColumn('region', 'text', (c) => c.notNull().defaultTo('JP'))
    .addColumn('hash_key', 'text', (c) => c.notNull())
    .addColumn('original_uuid', 'text')
    .addColumn('charge_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('opt_out_ads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opt_out_analysis', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('push_notice_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('noah_id', 'text')
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('updated_at', t.millis, (c) => c.notNull())
    .addColumn('resigned_at', t.millis)
    .execute();
  await schema.createIndex('user_original_uuid_idx').on('user').column('original_uuid').execute();

  await schema
    .createTable('web_token')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('device_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('last_seen_at', t.millis, (c) => c.notNull())
    .addColumn('expires_at', t.millis, (c) => c.notNull())
    .addColumn('revoked_at', t.millis)
    .execute();
  await schema.createIndex('web_token_user_id_idx').on('web_token').column('user_id').execute();

  await schema
    .createTable('email_token')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('payload', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('expires_at', t.millis, (c) => c.notNull())
    .addColumn('used_at', t.millis)
    .execute();
  await schema.createIndex('email_token_user_id_idx').on('email_token').column('user_id').execute();
  await schema.createIndex('email_token_email_idx').on('email_token').column('email').execute();

  await schema
    .createTable('consent')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text')
    .addColumn('birthday', 'text', (c) => c.notNull())
    .addColumn('age_group', 'text', (c) => c.notNull())
    .addColumn('terms_of_service_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('terms_of_service_adult', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('privacy_policy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await schema.createIndex('consent_user_id_idx').on('consent').column('user_id').execute();
  await schema.createIndex('consent_visitor_id_idx').on('consent').column('visitor_id').execute();

  await schema
    .createTable('device')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('original_uuid', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('os_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tablet', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('regid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fcm_token', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('advertising_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('adjust_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_instance_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ab_test_config', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('updated_at', t.millis, (c) => c.notNull())
    .execute();
  await schema.createIndex('device_user_id_idx').on('device').column('user_id').execute();
  await schema.createIndex('device_original_uuid_idx').on('device').column('original_uuid').execute();

  await schema
    .createTable('challenge')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('challenge', 'text', (c) => c.notNull().unique())
    .addColumn('key_id', 'text')
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('expires_at', t.millis, (c) => c.notNull())
    .addColumn('used_at', t.millis)
    .execute();
  await schema.createIndex('challenge_user_id_idx').on('challenge').column('user_id').execute();

  // ── catalogue ───────────────────────────────────────────────────────────────────────────────
  await schema
    .createTable('author')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .execute();

  await schema
    .createTable('genre')
    .addColumn('id', 'integer', (c) => c.notNull().primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('image_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await schema
    .createTable('tag')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .execute();

  await schema
    .createTable('magazine_category')
    .addColumn('id', 'integer', (c) => c.notNull().primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('is_purchase', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_search', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_subscription', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscription_image_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await schema
    .createTable('magazine')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('magazine_category_id', 'integer', (c) =>
      c.notNull().references('magazine_category.id').onDelete('cascade'),
    )
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('cover_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_at', t.millis, (c) => c.notNull())
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await schema
    .createIndex('magazine_magazine_category_id_start_at_idx')
    .on('magazine')
    .columns(['magazine_category_id', 'start_at'])
    .execute();

  await schema
    .createTable('title')
    .addColumn('id', 'integer', (c) => c.notNull().primaryKey()) // assigned by the catalogue, 5 digits
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('name_kana', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author_text_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('author_text_ja', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('introduction_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('introduction_ja', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('short_introduction_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('short_introduction_ja', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('campaign_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notice_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumbnail_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumbnail_rect_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('banner_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('feature_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('magazine_category_id', 'integer', (c) => c.references('magazine_category.id').onDelete('set null'))
    .addColumn('publish_category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('age_rating', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weekday_index', 'integer')
    .addColumn('new_episode_update_cycle_text_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('new_episode_update_cycle_text_ja', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('free_episode_update_cycle_text_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('free_episode_update_cycle_text_ja', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('free_first_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_latest_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_until_at', t.millis)
    .addColumn('episode_order', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('support_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticket_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticket_max', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticket_recover_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticket_rental_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ticket_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('published_at', t.millis, (c) => c.notNull())
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('updated_at', t.millis, (c) => c.notNull())
    .execute();
  await schema.createIndex('title_weekday_index_idx').on('title').column('weekday_index').execute();
  await schema.createIndex('title_updated_at_idx').on('title').column('updated_at').execute();
  await schema.createIndex('title_magazine_category_id_idx').on('title').column('magazine_category_id').execute();

  await schema
    .createTable('title_author')
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('author.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('story_art'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('title_author_pkey', ['title_id', 'author_id', 'role'])
    .execute();
  await schema.createIndex('title_author_author_id_idx').on('title_author').column('author_id').execute();

  await schema
    .createTable('title_genre')
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('genre_id', 'integer', (c) => c.notNull().references('genre.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('title_genre_pkey', ['title_id', 'genre_id'])
    .execute();
  await schema.createIndex('title_genre_genre_id_idx').on('title_genre').column('genre_id').execute();

  await schema
    .createTable('title_tag')
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('title_tag_pkey', ['title_id', 'tag_id'])
    .execute();
  await schema.createIndex('title_tag_tag_id_idx').on('title_tag').column('tag_id').execute();

  await schema
    .createTable('episode')
    .addColumn('id', 'integer', (c) => c.notNull().primaryKey()) // assigned by the catalogue
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_at', t.millis, (c) => c.notNull())
    .addColumn('free_until_at', t.millis)
    .addColumn('ticket_rental_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('single_sale_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('magazine_id', 'integer', (c) => c.references('magazine.id').onDelete('set null'))
    .addColumn('viewing_direction', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scramble_seed', t.uint32, (c) => c.notNull())
    .addColumn('thumbnail_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comic_volume', 'integer')
    .addColumn('comment_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('comment_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('updated_at', t.millis, (c) => c.notNull())
    .execute();
  await schema
    .createIndex('episode_title_id_sort_index_idx')
    .on('episode')
    .columns(['title_id', 'sort_index'])
    .execute();
  await schema.createIndex('episode_start_at_idx').on('episode').column('start_at').execute();
  await schema.createIndex('episode_magazine_id_idx').on('episode').column('magazine_id').execute();

  await schema
    .createTable('page')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episode.id').onDelete('cascade'))
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addUniqueConstraint('page_episode_id_page_number_key', ['episode_id', 'page_number'])
    .execute();

  await schema
    .createTable('ranking_tab')
    .addColumn('id', 'integer', (c) => c.notNull().primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('genre_id', 'integer', (c) => c.references('genre.id').onDelete('cascade'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await schema
    .createTable('ranking_entry')
    .addColumn('ranking_id', 'integer', (c) => c.notNull().references('ranking_tab.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('score', t.double, (c) => c.notNull())
    .addColumn('computed_at', t.millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('ranking_entry_pkey', ['ranking_id', 'position'])
    .execute();
  await schema.createIndex('ranking_entry_title_id_idx').on('ranking_entry').column('title_id').execute();

  await schema
    .createTable('title_activity_daily')
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('activity_date', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('purchases', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('title_activity_daily_pkey', ['title_id', 'activity_date'])
    .execute();
  await schema
    .createIndex('title_activity_daily_activity_date_idx')
    .on('title_activity_daily')
    .column('activity_date')
    .execute();

  // ── wallet, sales and tickets ───────────────────────────────────────────────────────────────
  await schema
    .createTable('point_ledger')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reference_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('expires_at', t.millis)
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await schema
    .createIndex('point_ledger_user_id_created_at_idx')
    .on('point_ledger')
    .columns(['user_id', 'created_at'])
    .execute();
  await schema.createIndex('point_ledger_expires_at_idx').on('point_ledger').column('expires_at').execute();

  await schema
    .createTable('point_balance')
    .addColumn('user_id', 'integer', (c) => c.notNull().primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('paid_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('event_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', t.millis, (c) => c.notNull())
    .execute();

  await schema
    .createTable('purchase')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episode.id'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('paid_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('event_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addUniqueConstraint('purchase_user_id_episode_id_key', ['user_id', 'episode_id'])
    .execute();
  await schema
    .createIndex('purchase_user_id_created_at_idx')
    .on('purchase')
    .columns(['user_id', 'created_at'])
    .execute();
  await schema.createIndex('purchase_user_id_title_id_idx').on('purchase').columns(['user_id', 'title_id']).execute();
  await schema.createIndex('purchase_episode_id_idx').on('purchase').column('episode_id').execute();
  await schema.createIndex('purchase_title_id_idx').on('purchase').column('title_id').execute();

  await schema
    .createTable('magazine_purchase')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('magazine_id', 'integer', (c) => c.notNull().references('magazine.id'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addUniqueConstraint('magazine_purchase_user_id_magazine_id_key', ['user_id', 'magazine_id'])
    .execute();
  await schema.createIndex('magazine_purchase_magazine_id_idx').on('magazine_purchase').column('magazine_id').execute();

  await schema
    .createTable('rental')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episode.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('ticket_kind', 'text', (c) => c.notNull())
    .addColumn('ticket_type', 'integer', (c) => c.notNull())
    .addColumn('ticket_version', 'integer', (c) => c.notNull())
    .addColumn('started_at', t.millis, (c) => c.notNull())
    .addColumn('expires_at', t.millis, (c) => c.notNull())
    .execute();
  await schema.createIndex('rental_user_id_episode_id_idx').on('rental').columns(['user_id', 'episode_id']).execute();
  await schema.createIndex('rental_user_id_title_id_idx').on('rental').columns(['user_id', 'title_id']).execute();
  await schema.createIndex('rental_episode_id_idx').on('rental').column('episode_id').execute();
  await schema.createIndex('rental_title_id_idx').on('rental').column('title_id').execute();

  await schema
    .createTable('title_ticket')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('own_num', 'integer', (c) => c.notNull())
    .addColumn('ticket_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_recovered_at', t.millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('title_ticket_pkey', ['user_id', 'title_id'])
    .execute();
  await schema.createIndex('title_ticket_title_id_idx').on('title_ticket').column('title_id').execute();

  await schema
    .createTable('premium_ticket')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('granted_at', t.millis, (c) => c.notNull())
    .addColumn('expires_at', t.millis, (c) => c.notNull())
    .addColumn('used_at', t.millis)
    .addColumn('used_episode_id', 'integer', (c) => c.references('episode.id').onDelete('set null'))
    .execute();
  await schema
    .createIndex('premium_ticket_user_id_expires_at_idx')
    .on('premium_ticket')
    .columns(['user_id', 'expires_at'])
    .execute();
  await schema
    .createIndex('premium_ticket_used_episode_id_idx')
    .on('premium_ticket')
    .column('used_episode_id')
    .execute();

  // ── payments ────────────────────────────────────────────────────────────────────────────────
  await schema
    .createTable('product')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('paid_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('monthly_bonus_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('premium_ticket_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider_price_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_ja', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await schema
    .createTable('payment')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('stripe'))
    .addColumn('provider_session_id', 'text', (c) => c.unique())
    .addColumn('provider_payment_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('completed_at', t.millis)
    .execute();
  await schema.createIndex('payment_user_id_created_at_idx').on('payment').columns(['user_id', 'created_at']).execute();
  await schema.createIndex('payment_product_id_idx').on('payment').column('product_id').execute();
  await schema.createIndex('payment_provider_payment_id_idx').on('payment').column('provider_payment_id').execute();

  await schema
    .createTable('payment_event')
    .addColumn('provider_event_id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', t.millis, (c) => c.notNull())
    .addColumn('processed_at', t.millis)
    .execute();

  await schema
    .createTable('subscription')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id'))
    .addColumn('provider_subscription_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', t.millis, (c) => c.notNull())
    .addColumn('current_period_end_at', t.millis, (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('canceled_at', t.millis)
    .addColumn('last_bonus_month', 'text')
    .execute();
  await schema.createIndex('subscription_user_id_idx').on('subscription').column('user_id').execute();
  await schema.createIndex('subscription_product_id_idx').on('subscription').column('product_id').execute();
  await schema
    .createIndex('subscription_status_current_period_end_at_idx')
    .on('subscription')
    .columns(['status', 'current_period_end_at'])
    .execute();

  // ── comments ────────────────────────────────────────────────────────────────────────────────
  await schema
    .createTable('comment')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episode.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('visible'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await schema
    .createIndex('comment_episode_id_created_at_idx')
    .on('comment')
    .columns(['episode_id', 'created_at'])
    .execute();
  await schema.createIndex('comment_user_id_created_at_idx').on('comment').columns(['user_id', 'created_at']).execute();

  await schema
    .createTable('comment_like')
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comment.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_like_pkey', ['comment_id', 'user_id'])
    .execute();
  await schema.createIndex('comment_like_user_id_idx').on('comment_like').column('user_id').execute();

  await schema
    .createTable('comment_mute')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('muted_user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comment.id').onDelete('cascade'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_mute_pkey', ['user_id', 'comment_id'])
    .execute();
  await schema
    .createIndex('comment_mute_user_id_muted_user_id_idx')
    .on('comment_mute')
    .columns(['user_id', 'muted_user_id'])
    .execute();
  await schema.createIndex('comment_mute_muted_user_id_idx').on('comment_mute').column('muted_user_id').execute();
  await schema.createIndex('comment_mute_comment_id_idx').on('comment_mute').column('comment_id').execute();

  await schema
    .createTable('comment_report')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comment.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addUniqueConstraint('comment_report_comment_id_user_id_key', ['comment_id', 'user_id'])
    .execute();
  await schema.createIndex('comment_report_user_id_idx').on('comment_report').column('user_id').execute();

  // ── reading activity ────────────────────────────────────────────────────────────────────────
  await schema
    .createTable('episode_view')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episode.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('first_viewed_at', t.millis, (c) => c.notNull())
    .addColumn('last_viewed_at', t.millis, (c) => c.notNull())
    .addColumn('finished_at', t.millis)
    .addPrimaryKeyConstraint('episode_view_pkey', ['user_id', 'episode_id'])
    .execute();
  await schema
    .createIndex('episode_view_user_id_title_id_idx')
    .on('episode_view')
    .columns(['user_id', 'title_id'])
    .execute();
  await schema.createIndex('episode_view_episode_id_idx').on('episode_view').column('episode_id').execute();
  await schema.createIndex('episode_view_title_id_idx').on('episode_view').column('title_id').execute();

  await schema
    .createTable('view_history')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('title.id').onDelete('cascade'))
    .addColumn('last_episode_id', 'integer', (c) => c.notNull().references('episode.id').onDelete('cascade'))
    .addColumn('viewed_at', t.millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('view_history_pkey', ['user_id', 'title_id'])
    .execute();
  await schema
    .createIndex('view_history_user_id_viewed_at_idx')
    .on('view_history')
    .columns(['user_id', 'viewed_at'])
    .execute();
  await schema.createIndex('view_history_title_id_idx').on('view_history').column('title_id').execute();
  await schema.createIndex('view_history_last_episode_id_idx').on('view_history').column('last_episode_id').execute();

  await schema
    .createTable('login_bonus')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('bonus_date', 'text', (c) => c.notNull())
    .addColumn('days_in_row', 'integer', (c) => c.notNull())
    .addColumn('point', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addPrimaryKeyConstraint('login_bonus_pkey', ['user_id', 'bonus_date'])
    .execute();

  // ── advertising ─────────────────────────────────────────────────────────────────────────────
  await schema
    .createTable('advertisement')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title_id', 'integer', (c) => c.references('title.id').onDelete('set null'))
    .addColumn('image_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('start_at', t.millis, (c) => c.notNull())
    .addColumn('end_at', t.millis)
    .execute();
  await schema
    .createIndex('advertisement_type_position_idx')
    .on('advertisement')
    .columns(['type', 'position'])
    .execute();
  await schema.createIndex('advertisement_title_id_idx').on('advertisement').column('title_id').execute();

  await schema
    .createTable('advertisement_counter')
    .addColumn('advertisement_id', 'integer', (c) => c.notNull().references('advertisement.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count_date', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('advertisement_counter_pkey', ['advertisement_id', 'kind', 'count_date'])
    .execute();

  // ── operations ──────────────────────────────────────────────────────────────────────────────
  await schema
    .createTable('setting')
    .addColumn('key', 'text', (c) => c.notNull().primaryKey())
    .addColumn('value', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.millis, (c) => c.notNull())
    .execute();

  await schema
    .createTable('job')
    .addColumn('id', ...t.autoIncrementId)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('dedup_key', 'text', (c) => c.unique())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('run_at', t.millis, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('finished_at', t.millis)
    .execute();
  await schema.createIndex('job_status_run_at_idx').on('job').columns(['status', 'run_at']).execute();
}

/** Tables in creation order; `down` drops them in reverse so that no foreign key is left dangling. */
const TABLES_IN_CREATION_ORDER = [
  'user',
  'web_token',
  'email_token',
  'consent',
  'device',
  'challenge',
  'author',
  'genre',
  'tag',
  'magazine_category',
  'magazine',
  'title',
  'title_author',
  'title_genre',
  'title_tag',
  'episode',
  'page',
  'ranking_tab',
  'ranking_entry',
  'title_activity_daily',
  'point_ledger',
  'point_balance',
  'purchase',
  'magazine_purchase',
  'rental',
  'title_ticket',
  'premium_ticket',
  'product',
  'payment',
  'payment_event',
  'subscription',
  'comment',
  'comment_like',
  'comment_mute',
  'comment_report',
  'episode_view',
  'view_history',
  'login_bonus',
  'advertisement',
  'advertisement_counter',
  'setting',
  'job',
] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  // Indexes go with their tables on both dialects.
  for (const table of [...TABLES_IN_CREATION_ORDER].reverse()) {
    await db.schema.dropTable(table).execute();
  }
}
