import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ChapterUploadTable, Database } from '#src/db/schema.ts';

export type ChapterUploadRow = Selectable<ChapterUploadTable>;
export type ChapterUploadChange = Omit<Updateable<ChapterUploadTable>, 'id' | 'title_id' | 'editor_user_id'>;

/** Console chapter uploads' progress rows (ADR 061 addendum): shared by every API process. */
export class ChapterUploadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertUpload(row: Insertable<ChapterUploadTable>): Promise<void> {
    await this.db.insertInto('chapter_upload').values(row).execute();
  }

  async updateUpload(id: string, change: ChapterUploadChange): Promise<void> {
    await this.db.updateTable('chapter_upload').set(change).where('id', '=', id).execute();
  }

  findUpload(id: string): Promise<ChapterUploadRow | undefined> {
    return this.db.selectFrom('chapter_upload').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteFinishedBefore(before: number): Promise<void> {
    await this.db.deleteFrom('chapter_upload').where('finished_at', '<', before).execute();
  }
}
