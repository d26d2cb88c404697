import type { Kysely } from 'kysely';
import { chunk, IN_LIST_CHUNK_SIZE, uniqueIds } from '#src/db/batch.ts';
import type { Database } from '#src/db/schema.ts';

export class MagazineRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listMagazinesByIds(ids: readonly number[]): Promise<{ id: number; name_en: string; name_ja: string }[]> {
    const rows: { id: number; name_en: string; name_ja: string }[] = [];
    for (const idChunk of chunk(uniqueIds(ids), IN_LIST_CHUNK_SIZE)) {
      rows.push(
        ...(await this.db.selectFrom('magazine').select(['id', 'name_en', 'name_ja']).where('id', 'in', idChunk).execute()),
      );
    }
    return rows;
  }
}
