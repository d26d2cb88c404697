// NicknameService (ADR 066) over the in-memory repositories: the length, character and reserved-name
// rules, the NG word list, uniqueness per region, the weekly change and removal.
import { NgWordMatch, ResponseCode } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { normaliseNgWord } from '#src/rules/ng-word.rules.ts';
import { NicknameService, nextNicknameChangeAt } from '#src/services/nickname.service.ts';
import { newTestWorld, refusal, TEST_TIME_ZONE } from '#test/services/harness.ts';
import { authStub } from '#test/services/stubs.ts';

const DAY = 86_400_000;

function setup() {
  const world = newTestWorld();
  const sut = new NicknameService(
    { users: world.repositories.users, ngWords: world.moderation.ngWords, clock: world.clock },
    { timeZone: TEST_TIME_ZONE },
  );
  const reader = (region = 'US') => {
    const user = world.addUser({ region });
    return { user, auth: authStub.web(user) };
  };
  const ban = (word: string, match_type: string = NgWordMatch.Part) =>
    world.moderation.ngWords.insertNgWord({
      word,
      normalized_word: normaliseNgWord(word),
      match_type,
      created_by: null,
      created_at: world.clock.now(),
    });
  return { world, sut, reader, ban };
}

describe('NicknameService.setNickname', () => {
  it('sets a first nickname at once, cleaned, and starts the week', async () => {
    const { sut, reader, world } = setup();
    const { user, auth } = reader();
    expect(await sut.getNickname(auth)).toEqual({ nickname: '', can_change: 1, next_change_time: '' });
    const setting = await sut.setNickname(auth, '  Ｍｉｋａ　 Chan ');
    expect(setting).toEqual({ nickname: 'Mika Chan', can_change: 0, next_change_time: expect.any(String) });
    expect(world.tables.users.find((u) => u.id === user.id)).toMatchObject({
      nickname: 'Mika Chan',
      nickname_key: 'mika chan',
      nickname_changed_at: world.clock.now(),
    });
  });

  it('refuses too short, too long, symbols and names posing as staff or a pseudonym with 2030', async () => {
    const { sut, reader } = setup();
    const { auth } = reader();
    for (const name of ['a', 'x'.repeat(21), 'mika!', 'mika😀', 'Reader 7K2QX9', '読者 7K2QX9', 'Admin']) {
      const error = await refusal(sut.setNickname(auth, name));
      expect(error.code, name).toBe(ResponseCode.NicknameInvalid);
      expect(error.httpStatus).toBeUndefined();
    }
    expect((await sut.getNickname(auth)).nickname).toBe('');
  });

  it('refuses a name with an NG word (6100), spelt to slip past too', async () => {
    const { sut, reader, ban } = setup();
    const { auth } = reader();
    await ban('idiot', NgWordMatch.Word);
    for (const name of ['Big Idiot', 'ＩＤＩＯＴ', 'i d i o t', '1d10t'])
      expect((await refusal(sut.setNickname(auth, name))).code, name).toBe(ResponseCode.PostCommentNgword);
    expect((await sut.setNickname(auth, 'Idiotic')).nickname).toBe('Idiotic');
  });

  it('keeps names unique per region, whatever the case or width; another region may use it', async () => {
    const { sut, reader } = setup();
    await sut.setNickname(reader('US').auth, 'Mika');
    const taken = await refusal(sut.setNickname(reader('US').auth, 'ＭＩＫＡ'));
    expect([taken.code, taken.httpStatus]).toEqual([ResponseCode.NicknameTaken, 409]);
    expect((await sut.setNickname(reader('JP').auth, 'mika')).nickname).toBe('mika');
  });

  it('lets a nickname change once a week: too soon is 2032 with the date and Retry-After', async () => {
    const { sut, reader, world } = setup();
    const { auth } = reader();
    await sut.setNickname(auth, 'Mika');
    world.clock.advance(6 * DAY);
    const error = await refusal(sut.setNickname(auth, 'Mika Two'));
    expect([error.code, error.httpStatus, error.retryAfterSeconds]).toEqual([
      ResponseCode.NicknameChangeTooSoon,
      429,
      86_400,
    ]);
    const { next_change_time } = await sut.getNickname(auth);
    expect(error.message).toContain(next_change_time);
    world.clock.advance(DAY);
    expect(await sut.setNickname(auth, 'Mika Two')).toMatchObject({ nickname: 'Mika Two', can_change: 0 });
  });

  it('answers the same name again without using up the week', async () => {
    const { sut, reader, world } = setup();
    const { auth } = reader();
    await sut.setNickname(auth, 'Mika');
    world.clock.advance(DAY);
    expect((await sut.setNickname(auth, ' Mika ')).nickname).toBe('Mika');
  });

  it('removes a nickname at any time, freeing it, but the week still runs', async () => {
    const { sut, reader, world } = setup();
    const first = reader();
    await sut.setNickname(first.auth, 'Mika');
    world.clock.advance(DAY);
    expect(await sut.setNickname(first.auth, '   ')).toMatchObject({ nickname: '', can_change: 0 });
    expect((await sut.setNickname(reader().auth, 'Mika')).nickname).toBe('Mika');
    expect((await refusal(sut.setNickname(first.auth, 'Mika Again'))).code).toBe(ResponseCode.NicknameChangeTooSoon);
  });

  it('asks for a login (2011, 1101) and an active account', async () => {
    const { sut, world } = setup();
    expect((await refusal(sut.setNickname(authStub.anonymous, 'Mika'))).code).toBe(ResponseCode.UserNotLogin);
    expect((await refusal(sut.getNickname(authStub.deadToken))).code).toBe(ResponseCode.WebTokenInvalid);
    const banned = world.addUser({ status: 'banned' });
    expect((await refusal(sut.setNickname(authStub.web(banned), 'Mika'))).code).toBe(ResponseCode.AccountBanned);
  });
});

describe('nextNicknameChangeAt', () => {
  it('is free before the first change and a week after each one', () => {
    expect(nextNicknameChangeAt(null, 0)).toBeUndefined();
    expect(nextNicknameChangeAt(0, 7 * DAY - 1)).toBe(7 * DAY);
    expect(nextNicknameChangeAt(0, 7 * DAY)).toBeUndefined();
  });
});
