// A real S3 protocol server on loopback for the storage tests (ADR 038): s3rver (an S3 implementation
// in Node, from npm) on a free port with its own directory and bucket, which a test can stop and start
// again on the same port; and a loopback TCP proxy that delays what the store sends, for a slow store.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, createServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { Config } from '#src/config.ts';
import { S3Storage } from '#src/repositories/s3-storage.repository.ts';

/** The credentials s3rver knows (its built-in account); configuration in a real deployment. */
export const S3_TEST_CREDENTIALS = Object.freeze({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
export const S3_TEST_REGION = 'us-east-1';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
      });
  });
}

export interface TestS3Server {
  readonly endpoint: string;
  readonly port: number;
  readonly bucket: string;
  /** Stops answering: closes the port and every open connection (the SDK's kept-alive sockets too). */
  stop(): Promise<void>;
  /** Listens again on the same port with the same objects. */
  start(): Promise<void>;
  /** Config that points the API at this bucket under `prefix`. */
  config(prefix: string, overrides?: { endpoint?: string; timeoutMs?: number }): Partial<Config>;
  /** A storage repository on this bucket (a test closes it). */
  storage(prefix: string, overrides?: { endpoint?: string; timeoutMs?: number }): S3Storage;
  close(): Promise<void>;
}

export async function startS3Server({ bucket = 'manga-test' } = {}): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const port = await freePort();
  let running: { server: S3rver; http: Server } | undefined;
  const start = async () => {
    if (running) return;
    const server = new S3rver({
      port,
      address: '127.0.0.1',
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    await server.run();
    running = { server, http: (server as unknown as { httpServer: Server }).httpServer };
  };
  const stop = async () => {
    if (!running) return;
    const { server, http } = running;
    running = undefined;
    const closed = server.close();
    http.closeAllConnections();
    await closed;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const storageOptions = (prefix: string, overrides: { endpoint?: string; timeoutMs?: number } = {}) => ({
    bucket,
    prefix,
    endpoint: overrides.endpoint ?? endpoint,
    region: S3_TEST_REGION,
    credentials: S3_TEST_CREDENTIALS,
    forcePathStyle: true,
    timeoutMs: overrides.timeoutMs ?? 5000,
  });
  return {
    endpoint,
    port,
    bucket,
    stop,
    start,
    config(prefix, overrides = {}) {
      const { timeoutMs, ...bucketConfig } = storageOptions(prefix, overrides);
      return { objectStorage: bucketConfig, storageTimeoutMs: timeoutMs };
    },
    storage: (prefix, overrides) => new S3Storage(storageOptions(prefix, overrides)),
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface DelayingProxy {
  readonly endpoint: string;
  /** Milliseconds each chunk from the store is held back; 0 passes it at once. */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback in front of `targetPort`: requests go through at once, every chunk of the
 * answer waits `delayMs` (changeable while it runs), as a store that has become slow.
 */
export async function startDelayingProxy(targetPort: number, delayMs: number): Promise<DelayingProxy> {
  const sockets = new Set<Socket>();
  const server: NetServer = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      const send = () => {
        if (!client.destroyed) client.write(chunk);
      };
      if (proxy.delayMs > 0) setTimeout(send, proxy.delayMs).unref();
      else send();
    });
    upstream.on('end', () => setTimeout(() => client.end(), proxy.delayMs).unref());
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const proxy: DelayingProxy = {
    endpoint: `http://127.0.0.1:${port}`,
    delayMs,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
  return proxy;
}
