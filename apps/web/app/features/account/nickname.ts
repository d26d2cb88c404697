import {
  cleanNickname,
  type NicknameProblem,
  type NicknameSettingResponse,
  nicknameProblemOf,
  parseWireDateTime,
  ResponseCode,
} from '@manga/contracts';

// The nickname field of /my/setting (ADR 066): what the API answered, as the section shows it, and
// why a name was refused, as a message key of `nickname.errors`. The API decides; the field checks
// the same contracts rules first so that most mistakes are said before anything is sent.

export interface NicknameView {
  /** The reader's nickname; undefined while they have none. */
  nickname: string | undefined;
  canChange: boolean;
  /** When a new nickname may be set (ISO instant); undefined when it may be now. */
  nextChangeAt: string | undefined;
}

export function toNicknameView(setting: NicknameSettingResponse, wireTimeZone: string): NicknameView {
  return {
    nickname: setting.nickname || undefined,
    canChange: setting.can_change === 1,
    nextChangeAt: parseWireDateTime(setting.next_change_time, wireTimeZone)?.toISOString(),
  };
}

export type NicknameErrorKey = NicknameProblem | 'ng_word' | 'taken' | 'too_soon' | 'failed';

/** What the field says before sending: a problem of the cleaned name, or undefined to send it ("" removes). */
export function nicknameInputProblem(input: string): NicknameProblem | undefined {
  const cleaned = cleanNickname(input);
  return cleaned === '' ? undefined : nicknameProblemOf(cleaned);
}

/** The message of a refusal's response code; an invalid name is said by the local check, else generally. */
export function nicknameErrorOf(responseCode: number, input: string): NicknameErrorKey {
  switch (responseCode) {
    case ResponseCode.NicknameInvalid:
      return nicknameInputProblem(input) ?? 'characters';
    case ResponseCode.PostCommentNgword:
      return 'ng_word';
    case ResponseCode.NicknameTaken:
      return 'taken';
    case ResponseCode.NicknameChangeTooSoon:
      return 'too_soon';
    default:
      return 'failed';
  }
}
