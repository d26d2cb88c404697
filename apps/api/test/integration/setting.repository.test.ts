import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingRepository } from '#src/repositories/setting.repository.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '#test/db.ts';
import { TEST_NOW } from '#test/factories.ts';

describe(`SettingRepository (${testDialect()})`, () => {
  let database: TestDatabase;
  let settings: SettingRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    settings = new SettingRepository(database.db);
  });
  afterAll(() => database?.close());

  it('findSetting returns undefined for a key never set', async () => {
    expect(await settings.findSetting('never-set')).toBeUndefined();
  });

  it('upsertSetting inserts, then replaces the value and time', async () => {
    await settings.upsertSetting('maintenance', JSON.stringify({ enabled: true }), TEST_NOW);
    expect(await settings.findSetting('maintenance')).toEqual({
      key: 'maintenance',
      value: '{"enabled":true}',
      updated_at: TEST_NOW,
    });

    await settings.upsertSetting('maintenance', JSON.stringify({ enabled: false }), TEST_NOW + 1_000);
    expect(await settings.findSetting('maintenance')).toEqual({
      key: 'maintenance',
      value: '{"enabled":false}',
      updated_at: TEST_NOW + 1_000,
    });
  });
});
