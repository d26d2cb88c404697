// Request logging (issue 15, ADR 020): one line per request, written when it ends, with the status and
// the time taken, secrets redacted from the URL and nothing that identifies the reader.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '#src/app.ts';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({}, undefined, { logger: { ...(loggerOptions({ level: 'info' }) as object), stream } });
});
afterAll(async () => t.close());

async function logged(work: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const from = lines.length;
  await work();
  return lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request log', () => {
  it('writes exactly one JSON line per request, at info, when it ends', async () => {
    const entries = await logged(() =>
      t.app.inject({ method: 'GET', url: '/genre/list', headers: { 'x-request-id': 'req-one-line' } }),
    );
    const mine = entries.filter((entry) => entry.reqId === 'req-one-line');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/genre/list', status: 200 });
    expect(typeof mine[0]?.ms).toBe('number');
  });

  it('logs refused and unknown calls with their status, and redacts secrets of the URL', async () => {
    const entries = await logged(() =>
      t.app.inject({
        method: 'GET',
        url: '/no/such/path?token=abc123secret&email=reader%40example.com',
        headers: { 'x-request-id': 'req-redacted', cookie: 'uwt=session-value-xyz' },
      }),
    );
    const mine = entries.filter((entry) => entry.reqId === 'req-redacted');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.status).toBe(404);
    const text = JSON.stringify(mine);
    expect(text).not.toContain('abc123secret');
    expect(text).not.toContain('example.com');
    expect(text).not.toContain('session-value-xyz');
  });

  it('writes nothing per request below its level', async () => {
    const quiet = await createTestApp({}, undefined, {
      logger: { ...(loggerOptions({ level: 'warn' }) as object), stream: new Writable({ write: (_c, _e, d) => d() }) },
    });
    const entries = await logged(() => quiet.app.inject({ method: 'GET', url: '/genre/list' }));
    expect(entries.filter((entry) => entry.msg === 'request')).toHaveLength(0);
    await quiet.close();
  });
});
