// Top page curation (ADR 074): the editors' picks, the banners and the titles' campaign texts as
// stored. No policy here: the service decides what is valid, active and shown.
import type { Insertable, Kysely, Updateable } from 'kysely';
import { transactionRunner } from '#src/db/group-commit.ts';
import type {
  AdvertisementRow,
  AdvertisementTable,
  Database,
  EpisodeRow,
  NewAuditLog,
  TopPickRow,
} from '#src/db/schema.ts';
import { AdvertisementRepository } from '#src/repositories/advertisement.repository.ts';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';

export interface CampaignRecord {
  id: number;
  name_en: string;
  name_ja: string;
  published_at: number;
  campaign_text: string;
  campaign_text_ja: string;
  campaign_start_at: number | null;
  campaign_end_at: number | null;
}

const campaignColumns = [
  'id',
  'name_en',
  'name_ja',
  'published_at',
  'campaign_text',
  'campaign_text_ja',
  'campaign_start_at',
  'campaign_end_at',
] as const;

export class TopCurationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every pick, by kind and position. */
  listPicks(): Promise<TopPickRow[]> {
    return this.db.selectFrom('top_pick').selectAll().orderBy('kind').orderBy('position').orderBy('id').execute();
  }

  /** Picks of a kind whose window holds `now`, by position. */
  listActivePicks(kind: number, now: number): Promise<TopPickRow[]> {
    return this.db
      .selectFrom('top_pick')
      .selectAll()
      .where('kind', '=', kind)
      .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
      .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  findPick(id: number): Promise<TopPickRow | undefined> {
    return this.db.selectFrom('top_pick').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertPick(pick: Omit<TopPickRow, 'id'>): Promise<number> {
    const row = await this.db.insertInto('top_pick').values(pick).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async deletePick(id: number): Promise<void> {
    await this.db.deleteFrom('top_pick').where('id', '=', id).execute();
  }

  async setPickPosition(id: number, position: number): Promise<void> {
    await this.db.updateTable('top_pick').set({ position }).where('id', '=', id).execute();
  }

  /** Advertisements of a type, every one, by position. */
  listAdvertisements(type: number): Promise<AdvertisementRow[]> {
    return this.db
      .selectFrom('advertisement')
      .selectAll()
      .where('type', '=', type)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  findAdvertisement(id: number): Promise<AdvertisementRow | undefined> {
    return new AdvertisementRepository(this.db).findAdvertisementById(id);
  }

  async insertAdvertisement(row: Insertable<AdvertisementTable>): Promise<number> {
    const inserted = await this.db.insertInto('advertisement').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async updateAdvertisement(id: number, fields: Updateable<AdvertisementTable>): Promise<void> {
    await this.db.updateTable('advertisement').set(fields).where('id', '=', id).execute();
  }

  async deleteAdvertisement(id: number): Promise<void> {
    await this.db.deleteFrom('advertisement_counter').where('advertisement_id', '=', id).execute();
    await this.db.deleteFrom('advertisement').where('id', '=', id).execute();
  }

  /** Titles with a campaign text in either language. */
  listCampaignTitles(): Promise<CampaignRecord[]> {
    return this.db
      .selectFrom('title')
      .select(campaignColumns)
      .where((eb) => eb.or([eb('campaign_text', '!=', ''), eb('campaign_text_ja', '!=', '')]))
      .orderBy('id')
      .execute();
  }

  findCampaignTitle(id: number): Promise<CampaignRecord | undefined> {
    return this.db.selectFrom('title').select(campaignColumns).where('id', '=', id).executeTakeFirst();
  }

  async updateCampaign(
    id: number,
    fields: Pick<CampaignRecord, 'campaign_text' | 'campaign_text_ja' | 'campaign_start_at' | 'campaign_end_at'>,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('title')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Titles' names and publication, for the ids given. */
  listTitles(
    ids: readonly number[],
  ): Promise<{ id: number; name_en: string; name_ja: string; published_at: number }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('title')
      .select(['id', 'name_en', 'name_ja', 'published_at'])
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Chapters by id. */
  listEpisodes(ids: readonly number[]): Promise<EpisodeRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('episode')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  insertAuditLog(entry: NewAuditLog): Promise<void> {
    return new AuditLogRepository(this.db).insertAuditLog(entry);
  }
}

export class TopCurationTransactionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Commits when `work` resolves, rolls back when it throws (the error is rethrown). */
  run<T>(work: (store: TopCurationRepository) => Promise<T>): Promise<T> {
    return transactionRunner(this.db).run((trx) => work(new TopCurationRepository(trx)));
  }
}
