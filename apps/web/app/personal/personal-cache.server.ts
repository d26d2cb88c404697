// A logged-in reader's personal answers kept by the web server (ADR 081, ADR 082), so that their next
// page costs what a visitor's does: the cached shell and the kept answer, no call to the API. An answer
// is kept by the reader's session and the page's cache key, with the catalogue revision it was made at,
// and given only while all of these hold: the revision is the pushed one (the stream is trusted: the
// caller's check), the API has not told the reader moved since (a `readers` line, ADR 081), the session
// has not ended, nothing in it has ended by the clock (ADR 082), and it is younger than `maxAgeMs`. An
// answer asked before the reader was told moved is not kept (the epoch taken before asking, `mark()`),
// so a write can never be hidden behind an answer made before it.
import type { PersonalData, PersonalKind } from './personal-data.ts';

/**
 * The pages whose answer is kept: those made only of what the API's triggers watch (ADR 081, ADR 082,
 * ADR 083): the reading history and the reader's place in episodes, the account, the session, follows,
 * purchases, rentals and tickets, the wallet's points, the reader's comments and the likes on them, the
 * login bonus.
 */
export const KEPT_PERSONAL_KINDS: ReadonlySet<PersonalKind> = new Set<PersonalKind>(['top', 'title', 'my']);

/**
 * Until when an answer may be kept (epoch ms): never when it shows a countdown (a rental's time left,
 * a ticket's recovery: its first frame is drawn at the answer's moment, `renderedAt`), else until the
 * API says it changes by the clock alone (`changesAt`), or for as long as nothing else moves it.
 */
export function keptUntilOf(answer: PersonalData, changesAt: number | undefined): number {
  if (answer.kind === 'title') {
    const { episodes, tickets } = answer.data;
    if (tickets.nextAt !== undefined) return 0;
    if (Object.values(episodes).some((episode) => episode.access.kind === 'rented')) return 0;
  }
  return changesAt ?? Number.POSITIVE_INFINITY;
}

/** Answers kept per session at most (the oldest kept is dropped first). */
export const ANSWERS_PER_SESSION = 32;

/** Who an answer belongs to, as the API says (READER_HEADER): the reader and when the session ends. */
export interface KeptReader {
  id: number;
  sessionEndsAt: number;
}

/** READER_HEADER's value (`<id>;<session end, epoch ms>`), or undefined when it is not one. */
export function keptReaderOf(value: string | null | undefined): KeptReader | undefined {
  const match = value ? /^(\d{1,15});(\d{1,15})$/.exec(value) : null;
  if (!match) return undefined;
  const id = Number(match[1]);
  return id > 0 ? { id, sessionEndsAt: Number(match[2]) } : undefined;
}

export interface PersonalCacheOptions {
  /** Sessions kept at most (the oldest kept is dropped first); 0 keeps nothing. */
  maxSessions: number;
  /** Longest time an answer is given (the API's own checks run at least this often). */
  maxAgeMs: number;
  now(): number;
}

interface KeptAnswer {
  text: string;
  revision: number;
  madeAt: number;
  /** When it stops being true by the clock alone (`keptUntilOf`). */
  until: number;
}

interface KeptSession {
  reader: KeptReader;
  answers: Map<string, KeptAnswer>;
}

/** Forgettings remembered by reader; older ones raise the floor below which nothing is kept. */
const FORGOTTEN_REMEMBERED = 10_000;

export class PersonalAnswerCache {
  private readonly sessions = new Map<string, KeptSession>();
  private readonly sessionsOfReader = new Map<number, Set<string>>();
  private epoch = 0;
  /** The epoch at which each reader was last forgotten. */
  private readonly forgottenAt = new Map<number, number>();
  /** Answers asked before this epoch are never kept (everyone forgotten, or a forgetting no longer remembered). */
  private floor = 0;

  constructor(private readonly options: PersonalCacheOptions) {}

  get enabled(): boolean {
    return this.options.maxSessions > 0;
  }

  /** Sessions kept now (metrics, tests). */
  get size(): number {
    return this.sessions.size;
  }

  /** Taken before asking the API for an answer, and handed to `keep`. */
  mark(): number {
    return this.epoch;
  }

  /** The answer kept for `session` and `key` at `revision`, while it may be given. */
  find(session: string, key: string, revision: number): string | undefined {
    const kept = this.sessions.get(session);
    const answer = kept?.answers.get(key);
    if (!kept || !answer || answer.revision !== revision) return undefined;
    const now = this.options.now();
    if (now >= kept.reader.sessionEndsAt || now >= answer.until || now - answer.madeAt >= this.options.maxAgeMs) {
      return undefined;
    }
    return answer.text;
  }

  /**
   * Keeps `text`, asked at epoch `askedAt` (`mark()`), unless its reader was forgotten since; given
   * until `until` at the latest (epoch ms, `keptUntilOf`).
   */
  keep(
    session: string,
    key: string,
    revision: number,
    reader: KeptReader,
    answer: { text: string; until: number },
    askedAt: number,
  ): void {
    if (!this.enabled || askedAt < this.floor || (this.forgottenAt.get(reader.id) ?? -1) > askedAt) return;
    const now = this.options.now();
    if (answer.until <= now) return;
    let kept = this.sessions.get(session);
    if (kept && kept.reader.id !== reader.id) {
      this.dropSession(session);
      kept = undefined;
    }
    if (kept) {
      kept.reader = reader;
      // Most recently kept last: the oldest session is the first dropped.
      this.sessions.delete(session);
    } else {
      kept = { reader, answers: new Map() };
      let sessions = this.sessionsOfReader.get(reader.id);
      if (!sessions) {
        sessions = new Set();
        this.sessionsOfReader.set(reader.id, sessions);
      }
      sessions.add(session);
    }
    this.sessions.set(session, kept);
    kept.answers.delete(key);
    kept.answers.set(key, { text: answer.text, revision, madeAt: now, until: answer.until });
    if (kept.answers.size > ANSWERS_PER_SESSION) kept.answers.delete(kept.answers.keys().next().value as string);
    while (this.sessions.size > this.options.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      this.dropSession(oldest);
    }
  }

  /** The API says these readers moved, or `all` may have: their answers are no longer given. */
  forget(readers: readonly number[] | 'all'): void {
    this.epoch += 1;
    if (readers === 'all') {
      this.floor = this.epoch;
      this.forgottenAt.clear();
      this.sessions.clear();
      this.sessionsOfReader.clear();
      return;
    }
    for (const reader of readers) {
      this.forgottenAt.delete(reader);
      this.forgottenAt.set(reader, this.epoch);
      for (const session of this.sessionsOfReader.get(reader) ?? []) this.sessions.delete(session);
      this.sessionsOfReader.delete(reader);
    }
    while (this.forgottenAt.size > FORGOTTEN_REMEMBERED) {
      const [reader, at] = this.forgottenAt.entries().next().value as [number, number];
      this.forgottenAt.delete(reader);
      this.floor = Math.max(this.floor, at);
    }
  }

  /** The reader of `session` is changing something through this server: forget them (and it) now. */
  forgetSession(session: string): void {
    const reader = this.sessions.get(session)?.reader.id;
    if (reader !== undefined) this.forget([reader]);
    else this.dropSession(session);
  }

  private dropSession(session: string): void {
    const kept = this.sessions.get(session);
    if (!kept) return;
    this.sessions.delete(session);
    const sessions = this.sessionsOfReader.get(kept.reader.id);
    sessions?.delete(session);
    if (sessions?.size === 0) this.sessionsOfReader.delete(kept.reader.id);
  }
}
