import { ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { nicknameErrorOf, nicknameInputProblem, toNicknameView } from './nickname.ts';

describe('toNicknameView', () => {
  it('reads "" as no nickname and the next change in the wire zone', () => {
    expect(toNicknameView(answer({ nickname: '', can_change: 1, next_change_time: '' }), 'Asia/Tokyo')).toEqual({
      nickname: undefined,
      canChange: true,
      nextChangeAt: undefined,
    });
    expect(
      toNicknameView(
        answer({ nickname: 'Mika', can_change: 0, next_change_time: '2026-12-04 09:00:00' }),
        'Asia/Tokyo',
      ),
    ).toEqual({ nickname: 'Mika', canChange: false, nextChangeAt: '2026-12-04T00:00:00.000Z' });
  });
});

describe('nicknameInputProblem', () => {
  it('says what the API would refuse, and nothing for "" (which removes the nickname)', () => {
    expect(nicknameInputProblem('   ')).toBeUndefined();
    expect(nicknameInputProblem(' Mika ')).toBeUndefined();
    expect(nicknameInputProblem('M')).toBe('too_short');
    expect(nicknameInputProblem('m'.repeat(21))).toBe('too_long');
    expect(nicknameInputProblem('mika!')).toBe('characters');
    expect(nicknameInputProblem('Reader 7K2QX9')).toBe('reserved');
  });
});

describe('nicknameErrorOf', () => {
  it('names each refusal of the API', () => {
    expect(nicknameErrorOf(ResponseCode.PostCommentNgword, 'x')).toBe('ng_word');
    expect(nicknameErrorOf(ResponseCode.NicknameTaken, 'Mika')).toBe('taken');
    expect(nicknameErrorOf(ResponseCode.NicknameChangeTooSoon, 'Mika')).toBe('too_soon');
    expect(nicknameErrorOf(ResponseCode.NicknameInvalid, 'Admin')).toBe('reserved');
    expect(nicknameErrorOf(ResponseCode.NicknameInvalid, 'Mika')).toBe('characters');
    expect(nicknameErrorOf(ResponseCode.ServerError, 'Mika')).toBe('failed');
  });
});

function answer(fields: { nickname: string; can_change: number; next_change_time: string }) {
  return { status: 'success' as const, response_code: 0 as const, error_message: '' as const, ...fields };
}
