import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, DeviceRow, DeviceTable } from '#src/db/schema.ts';

export type NewDevice = Insertable<DeviceTable>;
export type DeviceUpdate = Updateable<DeviceTable>;

/** App installations (`original_uuid`) and what they report about themselves. */
export class DeviceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findDeviceByOriginalUuid(originalUuid: string): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('device')
      .selectAll()
      .where('original_uuid', '=', originalUuid)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The device the user reported from last. */
  findLatestDeviceByUser(userId: number): Promise<DeviceRow | undefined> {
    return this.db
      .selectFrom('device')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  listDevicesByUser(userId: number): Promise<DeviceRow[]> {
    return this.db.selectFrom('device').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  insertDevice(device: NewDevice): Promise<DeviceRow> {
    return this.db.insertInto('device').values(device).returningAll().executeTakeFirstOrThrow();
  }

  async updateDevice(id: number, patch: DeviceUpdate): Promise<void> {
    await this.db.updateTable('device').set(patch).where('id', '=', id).execute();
  }
}
