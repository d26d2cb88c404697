// Reading progress of a visitor who was not logged in (ADR 016), carried to the account at the next
// login or sign-up: each chapter read as a guest (marked `guest` in the browser's reading progress) is
// sent as POST /episode/viewer/progress with the page reached, oldest first, so that the account's
// history, "continue" and read marks know it on every device. The mark comes off once the API has
// it, or when it can never take it (the chapter is gone, locked or beyond the reader's age, or the page
// is not in it any more); a failure of the network or the server keeps it for the next time, and a
// session that is gone stops the run.
import { ResponseCode } from '@manga/contracts';
import {
  type LocalProgress,
  type ProgressStorage,
  readLocalProgress,
  replaceLocalProgress,
} from './reading-progress.ts';

/** Answers after which a chapter's progress will never be taken: dropped rather than retried. */
const NEVER_TAKEN: ReadonlySet<number> = new Set([
  ResponseCode.InvalidParameter,
  ResponseCode.ViewerEpisodeNotFound,
  ResponseCode.EpisodeUnpurchased,
  ResponseCode.AccountAccessDenied,
]);
const SESSION_GONE: ReadonlySet<number> = new Set([ResponseCode.UserNotLogin, ResponseCode.WebTokenInvalid]);

/** The guest's chapters still to send, oldest first. */
export function pendingGuestProgress(storage: ProgressStorage | undefined): LocalProgress[] {
  return readLocalProgress(storage)
    .filter((entry) => entry.guest === true)
    .sort((a, b) => a.at - b.at);
}

/**
 * Sends every pending chapter with `send` (which answers nothing, or throws an error whose response
 * code `codeOf` reads); answers how many the account took. The browser's list keeps every chapter,
 * without the mark of those done.
 */
export async function carryGuestProgress(
  storage: ProgressStorage | undefined,
  send: (progress: { episode_id: number; page: number }) => Promise<unknown>,
  codeOf: (error: unknown) => number,
): Promise<number> {
  const done = new Set<number>();
  let taken = 0;
  for (const entry of pendingGuestProgress(storage)) {
    try {
      await send({ episode_id: entry.episodeId, page: entry.page });
      taken += 1;
    } catch (error) {
      const code = codeOf(error);
      if (SESSION_GONE.has(code)) break;
      if (!NEVER_TAKEN.has(code)) continue;
    }
    done.add(entry.episodeId);
  }
  if (done.size > 0) {
    // Read again: the viewer may have written meanwhile; only the marks of the chapters done come off.
    replaceLocalProgress(
      storage,
      readLocalProgress(storage).map((entry) => {
        if (!done.has(entry.episodeId)) return entry;
        const { guest: _carried, ...rest } = entry;
        return rest;
      }),
    );
  }
  return taken;
}
