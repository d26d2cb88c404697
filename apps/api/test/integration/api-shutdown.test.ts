// Issue 21 item 7: while the API closes (SIGTERM runs app.close()), a request that still arrives on
// an open keep-alive connection is answered 503 in the wire envelope (1099), not in Fastify's own JSON.
// A real listening server and a raw socket: a request is in flight (its body not yet sent) when the
// close starts, and a second request is pipelined behind it on the same connection.
import { connect } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ErrorEnvelopeSchema, ResponseCode } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The HTTP/1.1 responses in `raw`, in order (bodies by Content-Length). */
function parseResponses(raw: string): { status: number; headers: Record<string, string>; body: string }[] {
  const responses = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return responses;
}

describe('shutting down', () => {
  it('answers a request that arrives during the close with 503 and the envelope (1099)', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      received += chunk;
    });
    const ended = new Promise((resolve) => socket.once('close', resolve));

    const body = 'email=nobody%40example.com&password=Wrong-Password-1';
    const arrived = new Promise((resolve) => t.app.server.once('request', resolve));
    socket.write(
      'POST /user/login HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await arrived; // routed before the close began; its body is still to come

    const closed = t.app.close();
    while (t.app.server.listening) await nextTurn();
    socket.write(`${body.slice(10)}GET /healthz HTTP/1.1\r\nHost: api.test\r\n\r\n`);
    await ended;
    await closed;

    const [first, second] = parseResponses(received);
    expect(first?.status).toBe(400); // the request in flight is served to its end
    expect(second?.status).toBe(503);
    expect(second?.headers['content-type']).toBe('application/json');
    expect(second?.headers.connection).toBe('close');
    const envelope = ErrorEnvelopeSchema.parse(JSON.parse(second?.body ?? ''));
    expect(envelope).toMatchObject({ status: 'error', response_code: ResponseCode.ServerError });
    expect(envelope.error_message).toMatch(/shutting down/);
  });
});
