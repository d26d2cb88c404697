// Readers' nicknames (issue 24 item 10, ADR 066): the one owner of the rules. A nickname is cleaned
// (contracts' cleanNickname: NFKC, spaces folded, trimmed), must be 2–20 letters or digits that pose
// as no staff member or pseudonym (nicknameProblemOf), contain no NG word (the comment list's
// findNgWord), be unique in the reader's region by key (the database's unique index decides, so of
// two readers sending one name at once exactly one gets it), and change at most once a week (the
// first one is free). Removing it ("") is allowed at any time and keeps the week running, so a
// name cannot be freed and taken again to dodge the wait. Comments show it as `user_name`.
import {
  cleanNickname,
  NICKNAME_CHANGE_INTERVAL_MS,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  type NicknameProblem,
  type NicknameSettingResponse,
  nicknameKey,
  nicknameProblemOf,
  ResponseCode,
} from '@manga/contracts';
import type { UserRow } from '#src/db/schema.ts';
import type { NgWordRepository } from '#src/repositories/ng-word.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { NicknameTakenError } from '#src/rules/conflict.error.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { findNgWord } from '#src/rules/ng-word.rules.ts';
import { formatWireTime } from '#src/rules/wire-calendar.rules.ts';

export interface NicknameServiceDeps {
  users: Pick<UserRepository, 'findUserById' | 'updateNickname'>;
  ngWords: Pick<NgWordRepository, 'listNgWords'>;
  clock: { now(): number };
}

export interface NicknameServiceOptions {
  timeZone: string;
}

type NicknameSetting = Omit<NicknameSettingResponse, 'status' | 'response_code' | 'error_message'>;

const PROBLEM_MESSAGES: Readonly<Record<NicknameProblem, string>> = {
  too_short: `A nickname has at least ${NICKNAME_MIN_LENGTH} characters.`,
  too_long: `A nickname has at most ${NICKNAME_MAX_LENGTH} characters.`,
  characters: "A nickname is letters and digits, with spaces, _ - . ' ・ ー only between them.",
  reserved: 'This nickname looks like a staff name or another reader’s name. Please choose another.',
};

/** When the reader may next set a nickname; undefined when they may now (never set, or the week is over). */
export function nextNicknameChangeAt(changedAt: number | null, now: number): number | undefined {
  if (changedAt === null) return undefined;
  const next = changedAt + NICKNAME_CHANGE_INTERVAL_MS;
  return next > now ? next : undefined;
}

export class NicknameService {
  constructor(
    private readonly deps: NicknameServiceDeps,
    private readonly options: NicknameServiceOptions,
  ) {}

  /** GET /user/nickname */
  async getNickname(auth: RequestAuth): Promise<NicknameSetting> {
    return this.settingOf(await this.requireReader(auth));
  }

  /**
   * POST /user/nickname: sets the nickname, or removes it with "". The same name again changes
   * nothing and costs no week. 2030 invalid, 6100 NG word, 2032 too soon (with the date), 2031 taken.
   */
  async setNickname(auth: RequestAuth, input: string): Promise<NicknameSetting> {
    const user = await this.requireReader(auth);
    const nickname = cleanNickname(input);
    const now = this.deps.clock.now();
    if (nickname === '') {
      if (user.nickname === null) return this.settingOf(user);
      await this.deps.users.updateNickname(user.id, { nickname: null, nickname_key: null, updated_at: now }, null);
      return this.settingOf({ ...user, nickname: null });
    }
    if (nickname === user.nickname) return this.settingOf(user);
    const problem = nicknameProblemOf(nickname);
    if (problem) throw new DomainError(ResponseCode.NicknameInvalid, PROBLEM_MESSAGES[problem]);
    if (findNgWord(nickname, await this.deps.ngWords.listNgWords())) {
      throw new DomainError(ResponseCode.PostCommentNgword, 'This nickname contains a word that is not allowed.');
    }
    const next = nextNicknameChangeAt(user.nickname_changed_at, now);
    if (next !== undefined) throw this.tooSoon(next, now);
    const key = nicknameKey(nickname);
    const change = { nickname, nickname_key: key, nickname_changed_at: now, updated_at: now };
    let changed: boolean;
    try {
      changed = await this.deps.users.updateNickname(user.id, change, now - NICKNAME_CHANGE_INTERVAL_MS);
    } catch (error) {
      if (error instanceof NicknameTakenError) {
        throw new DomainError(
          ResponseCode.NicknameTaken,
          'Another reader already uses this nickname. Please choose another.',
          409,
        );
      }
      throw error;
    }
    if (!changed) {
      // Another request of this reader changed it meanwhile: the week starts from that change.
      const fresh = await this.requireReader(auth);
      throw this.tooSoon(nextNicknameChangeAt(fresh.nickname_changed_at, now) ?? now, now);
    }
    return this.settingOf({ ...user, ...change });
  }

  private async requireReader(auth: RequestAuth): Promise<UserRow> {
    const { userId } = requireActiveUser(auth);
    const user = await this.deps.users.findUserById(userId);
    if (!user) throw new DomainError(ResponseCode.UserNotExist);
    return user;
  }

  private tooSoon(next: number, now: number): DomainError {
    return new DomainError(
      ResponseCode.NicknameChangeTooSoon,
      `You can change your nickname once a week; next from ${this.wireTime(next)}.`,
      429,
      Math.max(1, Math.ceil((next - now) / 1000)),
    );
  }

  private settingOf(user: Pick<UserRow, 'nickname' | 'nickname_changed_at'>): NicknameSetting {
    const next = nextNicknameChangeAt(user.nickname_changed_at, this.deps.clock.now());
    return {
      nickname: user.nickname ?? '',
      can_change: next === undefined ? 1 : 0,
      next_change_time: next === undefined ? '' : this.wireTime(next),
    };
  }

  private wireTime(at: number): string {
    return formatWireTime(at, this.options.timeZone);
  }
}
