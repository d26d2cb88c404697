// Maintenance (product §8 code 1098): switchable at run time without a restart, or forced by config.
import { ResponseCode } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('maintenance mode', () => {
  it('answers 503 / 1098 while on and serves again when switched off, health checks always answering', async () => {
    const { maintenance } = t.app.container.services;
    await maintenance.setMaintenance(true);
    const during = await t.app.inject({ method: 'GET', url: '/title/list?title_id_list=1' });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ status: 'error', response_code: ResponseCode.ServerMaintenance });
    expect(during.json().server_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await maintenance.setMaintenance(false);
    expect((await t.app.inject({ method: 'GET', url: '/title/list?title_id_list=1' })).statusCode).toBe(200);
  });

  it('follows a switch made by another process once its short cache expires', async () => {
    const other = await createTestApp({}, t.database); // a second API process on the same database
    try {
      expect((await t.app.inject({ method: 'GET', url: '/title/list?title_id_list=1' })).statusCode).toBe(200);
      await other.app.container.services.maintenance.setMaintenance(true);
      t.clock.advance(2_500);
      expect((await t.app.inject({ method: 'GET', url: '/title/list?title_id_list=1' })).statusCode).toBe(503);
      await other.app.container.services.maintenance.setMaintenance(false);
      t.clock.advance(2_500);
      expect((await t.app.inject({ method: 'GET', url: '/title/list?title_id_list=1' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('treats a malformed setting as off rather than taking the service down', async () => {
    await t.database.db
      .insertInto('setting')
      .values({ key: 'maintenance', value: '{not json', updated_at: 0 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '{not json' }))
      .execute();
    t.clock.advance(2_500);
    expect((await t.app.inject({ method: 'GET', url: '/title/list?title_id_list=1' })).statusCode).toBe(200);
  });

  it('is forced on by configuration', async () => {
    const forced = await createTestApp({ maintenance: true }, t.database);
    try {
      const res = await forced.app.inject({ method: 'GET', url: '/episode/list?episode_id_list=1' });
      expect(res.statusCode).toBe(503);
      expect(res.json().response_code).toBe(ResponseCode.ServerMaintenance);
    } finally {
      await forced.close();
    }
  });
});
