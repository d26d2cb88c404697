// The envelope and error pipeline of architecture §4 / ADR 003, through app.inject on a real database.
import { ErrorEnvelopeSchema, ResponseCode, responseCodeMessage } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ notFoundRateLimitPerMinute: 3 });
});
afterAll(() => t.close());

describe('envelope', () => {
  it('answers success with status, response_code and error_message beside the payload', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', response_code: 0, error_message: '', health: 'ok' });
  });

  it('sends exactly application/json so strict clients read error bodies (wire §1.7)', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/healthz' });
    const bad = await t.app.inject({ method: 'GET', url: '/title/list' });
    expect(ok.headers['content-type']).toBe('application/json');
    expect(bad.headers['content-type']).toBe('application/json');
  });

  it('echoes a sane x-request-id and makes one up otherwise', async () => {
    const sent = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(sent.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness from the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ response_code: 0, health: 'ready' });
  });
});

describe('errors', () => {
  it('answers a validation failure with 400, code 1001, the parameter name and server_time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/title/list?title_id_list=12,abc' });
    expect(res.statusCode).toBe(400);
    const body = ErrorEnvelopeSchema.parse(res.json());
    expect(body).toMatchObject({ status: 'error', response_code: ResponseCode.InvalidParameter });
    expect(body.error_message).toContain('title_id_list');
    expect(body.server_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers a missing required parameter with 400 and 1001', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/title/list' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ response_code: ResponseCode.InvalidParameter });
    expect(res.json().error_message).toContain('title_id_list');
  });

  it('refuses JSON bodies: POST takes form bodies only (architecture §4)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/episode/list',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ episode_id_list: '1' }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 'error', response_code: ResponseCode.InvalidParameter });
  });

  it('answers an oversized body with 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/episode/list',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `episode_id_list=${'1,'.repeat(600_000)}1`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 'error', response_code: ResponseCode.InvalidParameter });
  });

  it('answers unknown paths with 404 and 1002, then rate-limits them', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/no/such/path?x=1', remoteAddress: '10.0.0.9' });
    expect(first.statusCode).toBe(404);
    expect(ErrorEnvelopeSchema.parse(first.json())).toMatchObject({ response_code: ResponseCode.ApiNotFound });
    expect(first.json().error_message).toBe('no such API path: GET /no/such/path');
    let last = first;
    for (let i = 0; i < 3; i++) last = await t.app.inject({ method: 'GET', url: '/nope', remoteAddress: '10.0.0.9' });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ status: 'error' });
  });

  it('hides internal failures behind 500 / 1099 with the generic text', async () => {
    const broken = await createTestApp();
    await broken.database.close(); // every query now fails inside the driver
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/title/list?title_id_list=10001' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        status: 'error',
        response_code: ResponseCode.ServerError,
        error_message: responseCodeMessage(ResponseCode.ServerError),
      });
      expect(res.body).not.toMatch(/sqlite|database|stack|connection/i);
      const ready = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ response_code: ResponseCode.ServerError });
    } finally {
      await broken.close();
    }
  });
});
