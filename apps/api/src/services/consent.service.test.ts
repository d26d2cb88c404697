// ConsentService's rules on in-memory repositories: consent per age group with the birthday (product
// §4), the cookies that hold it, the opt-out and the status call.
import { LAW_COOKIE_TTL_SECONDS, ResponseCode, serializeConsentCookie } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { BIRTHDAY_CORRECTION_MESSAGE } from '#src/services/consent.service.ts';
import { TEST_NOW } from '#test/factories.ts';
import { codeOf, newConsentService, refusal } from '#test/services/harness.ts';
import { authStub, birthdayCookie } from '#test/services/stubs.ts';

describe('ConsentService.saveLaw', () => {
  it('records an adult consent to the adult terms and the privacy policy, and the three cookies holding it', async () => {
    const { sut, world } = newConsentService();
    const saved = await sut.saveLaw({ auth: authStub.anonymous, birthday: '1990-04', isConsent: 1 });
    expect(world.tables.consents).toMatchObject([
      {
        user_id: null,
        birthday: '1990-04',
        age_group: 'adult',
        terms_of_service_minor: 0,
        terms_of_service_adult: 1,
        privacy_policy: 1,
      },
    ]);
    expect(saved.cookies.map((c) => [c.name, c.maxAgeSeconds])).toEqual([
      ['birthday', LAW_COOKIE_TTL_SECONDS],
      ['terms_of_service_adult', LAW_COOKIE_TTL_SECONDS],
      ['privacy_policy', LAW_COOKIE_TTL_SECONDS],
    ]);
    expect(LAW_COOKIE_TTL_SECONDS).toBe(365 * 24 * 60 * 60);
  });

  it('records a minor consent to the minor terms only', async () => {
    const { sut, world } = newConsentService();
    const saved = await sut.saveLaw({ auth: authStub.anonymous, birthday: '2011-06', isConsent: 1 });
    expect(world.tables.consents).toMatchObject([
      { age_group: 'minor', terms_of_service_minor: 1, terms_of_service_adult: 0, privacy_policy: 0 },
    ]);
    expect(saved.cookies.map((c) => c.name)).toEqual(['birthday', 'terms_of_service_minor']);
  });

  it('refuses someone under 13 (2016) and a malformed birthday (1001), storing nothing', async () => {
    const { sut, world } = newConsentService();
    expect(await codeOf(sut.saveLaw({ auth: authStub.anonymous, birthday: '2015-01', isConsent: 1 }))).toBe(
      ResponseCode.AccountAccessDenied,
    );
    expect(await codeOf(sut.saveLaw({ auth: authStub.anonymous, birthday: '1990-13', isConsent: 1 }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(await codeOf(sut.saveLaw({ auth: authStub.anonymous, birthday: '2027-01', isConsent: 1 }))).toBe(
      ResponseCode.InvalidParameter,
    );
    expect(world.tables.consents).toEqual([]);
  });

  it("files the consent under a logged-in user and fills in the account's missing birthday, never overwriting one", async () => {
    const { sut, world } = newConsentService();
    const newcomer = world.addUser({ birthday: null });
    const known = world.addUser({ birthday: '1985-02' });
    await sut.saveLaw({ auth: authStub.web(newcomer), birthday: '1990-04', isConsent: 1 });
    await sut.saveLaw({ auth: authStub.web(known), birthday: '1990-04', isConsent: 1 });
    expect(world.tables.consents.map((c) => c.user_id)).toEqual([newcomer.id, known.id]);
    expect(world.tables.users.map((u) => u.birthday)).toEqual(['1990-04', '1985-02']);
  });

  it("never moves an account's birthday to make the reader older: 2016, nothing stored (ADR 015)", async () => {
    const { sut, world } = newConsentService();
    const minor = world.addUser({ birthday: '2011-06' });
    for (const birthday of ['1990-04', '1900-01', '2011-05']) {
      const refused = await refusal(sut.saveLaw({ auth: authStub.web(minor), birthday, isConsent: 1 }));
      expect([refused.code, refused.message]).toEqual([ResponseCode.AccountAccessDenied, BIRTHDAY_CORRECTION_MESSAGE]);
    }
    expect(world.tables.consents).toEqual([]);
    expect(world.tables.users.map((u) => u.birthday)).toEqual(['2011-06']);
  });

  it('does not file a consent under a suspended account', async () => {
    const { sut, world } = newConsentService();
    const suspended = world.addUser({ status: 'suspended' });
    await sut.saveLaw({ auth: authStub.web(suspended), birthday: '1990-04', isConsent: 1 });
    expect(world.tables.consents).toMatchObject([{ user_id: null }]);
  });
});

describe('ConsentService.getLaw', () => {
  it("reads a logged-in user's stored consent, else the cookies", async () => {
    const { sut, world } = newConsentService();
    const user = world.addUser();
    await sut.saveLaw({ auth: authStub.web(user), birthday: '2011-06', isConsent: 1 });
    expect(await sut.getLaw({ auth: authStub.web(user), cookies: {} })).toMatchObject({
      birthday: '2011-06',
      age_group: 'minor',
      is_consent: 1,
    });
    const expires = 4_102_444_800;
    const cookies = {
      birthday: birthdayCookie('1990-04'),
      terms_of_service_adult: serializeConsentCookie(1, expires),
      privacy_policy: serializeConsentCookie(1, expires),
    };
    expect(await sut.getLaw({ auth: authStub.anonymous, cookies })).toMatchObject({
      birthday: '1990-04',
      age_group: 'adult',
      is_consent: 1,
    });
    const withoutPrivacy = { ...cookies, privacy_policy: undefined };
    expect(await sut.getLaw({ auth: authStub.anonymous, cookies: withoutPrivacy })).toMatchObject({ is_consent: 0 });
    expect(await sut.getLaw({ auth: authStub.anonymous, cookies: {} })).toMatchObject({ birthday: '', is_consent: 0 });
  });
});

describe('ConsentService: opt-out and status', () => {
  it('stores the opt-out on the account and needs a login for it (2011)', async () => {
    const { sut, world } = newConsentService();
    const user = world.addUser();
    await sut.saveOptOut({ auth: authStub.web(user), ads: 1, analysis: 0 });
    expect(world.tables.users[0]).toMatchObject({ opt_out_ads: 1, opt_out_analysis: 0, updated_at: TEST_NOW });
    expect(await codeOf(sut.saveOptOut({ auth: authStub.anonymous, ads: 1, analysis: 1 }))).toBe(
      ResponseCode.UserNotLogin,
    );
  });

  it('reports a dead session and an inactive account as logged out', async () => {
    const { sut, world } = newConsentService();
    const user = world.addUser({ charge_type: 3 });
    const banned = world.addUser({ status: 'banned' });
    expect(await sut.getStatus(authStub.web(user))).toMatchObject({
      login_status: 1,
      user_id: user.id,
      charge_type: 3,
    });
    expect(await sut.getStatus(authStub.web(banned))).toMatchObject({ login_status: 0, user_id: 0, charge_type: 1 });
    expect(await sut.getStatus(authStub.deadToken)).toMatchObject({ login_status: 0, user_id: 0 });
  });
});
