// How a process hears that the catalogue revision may have moved in another process (ADR 040), so it
// does not read the revision on every cached request:
// - PostgreSQL: LISTEN catalogue_revision on a connection of its own; the revision trigger NOTIFYs on
//   every catalogue write (migration 20261128010000). A lost connection (server restart, network
//   break, pg_terminate_backend) is reopened with backoff, and the reopened channel reports a change,
//   since messages sent meanwhile are gone.
// - SQLite: every process is on this host, writing this file; a directory watch on the file and its
//   WAL (inotify on Linux) reports their writes. An in-memory database has no other writer.
// Writes of this process are told by the database handle itself (write-watch.ts), at once.
import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import pg from 'pg';
import type { DatabaseLocation } from '#src/db/database.ts';

/** The channel on which the revision trigger NOTIFYs. */
export const CATALOGUE_REVISION_CHANNEL = 'catalogue_revision';
/** The channel on which the readers' revision trigger NOTIFYs a reader's id (ADR 081). */
export const READER_REVISION_CHANNEL = 'reader_revision';
/** The listening session's application_name (operators and tests find it in pg_stat_activity). */
export const CATALOGUE_LISTEN_APPLICATION = 'manga-catalogue-listen';

export interface RevisionChannelEvents {
  /** The revision may have moved (a message, or the channel just came back and may have missed some). */
  changed(): void;
  /** PostgreSQL: a reader's personal answers moved (ADR 081). */
  readerMoved?(userId: number): void;
  /** PostgreSQL: readers' moves may have gone unheard (the channel lost, or back). */
  readersMissed?(): void;
  info(message: string): void;
  warn(details: object, message: string): void;
}

export interface RevisionChannel {
  /** True while messages arrive: when false, a reader must not trust what it holds. */
  readonly live: boolean;
  /**
   * Resolves when the next message arrives, or after `timeoutMs`, or at once when messages need no
   * wait (SQLite: the kernel queues the watch event before the write returns). A process that has just
   * committed a catalogue write waits for its own message before it answers, so that once the writer
   * is answered every listening process has the message too (the server sends them together).
   */
  nextMessage(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export function openRevisionChannel(location: DatabaseLocation, events: RevisionChannelEvents): RevisionChannel {
  return location.dialect === 'postgres'
    ? new PostgresRevisionChannel(location.connectionString, events)
    : new SqliteRevisionChannel(location.filename, events);
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;

class PostgresRevisionChannel implements RevisionChannel {
  live = false;
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = RECONNECT_FIRST_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly connectionString: string,
    private readonly events: RevisionChannelEvents,
  ) {
    this.connecting = this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: CATALOGUE_LISTEN_APPLICATION,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A silent network break ends the session instead of leaving it listening to nothing.
      keepAlive: true,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      this.lost(client, error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === READER_REVISION_CHANNEL) {
        const userId = Number(message.payload);
        if (Number.isSafeInteger(userId) && userId > 0) this.events.readerMoved?.(userId);
        else this.events.readersMissed?.();
        return;
      }
      this.events.changed();
      for (const wake of this.waiting) wake();
      this.waiting.clear();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_REVISION_CHANNEL}; LISTEN ${READER_REVISION_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.closed || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.live = true;
    this.retryMs = RECONNECT_FIRST_MS;
    // Whatever was sent while no session listened is gone: read the revision again.
    this.events.changed();
    this.events.readersMissed?.();
    this.events.info('Catalogue revision: listening for changes');
  }

  nextMessage(timeoutMs: number): Promise<void> {
    if (!this.live) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const waiting = this.waiting;
      function done() {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      }
      waiting.add(done);
    });
  }

  private lost(client: pg.Client, error: Error | undefined): void {
    if (this.client === client) this.client = undefined;
    const wasLive = this.live;
    this.live = false;
    this.events.changed();
    this.events.readersMissed?.();
    for (const wake of this.waiting) wake();
    this.waiting.clear();
    client.end().catch(() => undefined);
    if (this.closed) return;
    if (wasLive)
      this.events.warn({ err: error }, 'Catalogue revision: the listening connection was lost; reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connecting = this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }
}

const SQLITE_MEMORY = ':memory:';

/**
 * A write's file event can come before readers see the write: a writer appends to the WAL file (the
 * event) and only then marks the commit in the WAL index, shared memory no watch sees. A read at once
 * may still find the revision before it, and nothing else would come: after the last event of a burst
 * the change is told again after each of these delays (a writer held up between the two steps longer
 * than the last is seen at the next event or the recheck bound, ADR 040).
 */
export const SQLITE_SETTLE_RECHECKS_MS: readonly number[] = [20, 250];

class SqliteRevisionChannel implements RevisionChannel {
  live = true;
  private watcher: FSWatcher | undefined;
  private readonly rechecks: NodeJS.Timeout[] = [];

  constructor(filename: string, events: RevisionChannelEvents) {
    if (filename === SQLITE_MEMORY) return;
    const file = basename(filename);
    const files = new Set([file, `${file}-wal`]);
    const changed = () => {
      events.changed();
      for (const timer of this.rechecks.splice(0)) clearTimeout(timer);
      for (const ms of SQLITE_SETTLE_RECHECKS_MS) this.rechecks.push(setTimeout(() => events.changed(), ms).unref());
    };
    try {
      this.watcher = watch(dirname(filename), { persistent: false }, (_event, name) => {
        if (name === null || files.has(name.toString())) changed();
      });
      this.watcher.on('error', (error) => {
        this.live = false;
        events.changed();
        events.warn({ err: error }, 'Catalogue revision: the database file watch failed; reading on every request');
      });
    } catch (error) {
      this.live = false;
      events.warn({ err: error }, 'Catalogue revision: cannot watch the database file; reading on every request');
    }
  }

  nextMessage(): Promise<void> {
    return Promise.resolve();
  }

  async close(): Promise<void> {
    this.live = false;
    this.watcher?.close();
    for (const timer of this.rechecks.splice(0)) clearTimeout(timer);
  }
}
