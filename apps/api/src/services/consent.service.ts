// Law consent (product §4: per age group, with the birthday), the data opt-out and the web status call.
import {
  AgeGroup,
  ageGroupOf,
  type ConsentCookieName,
  CookieName,
  hasLawConsent,
  LAW_COOKIE_TTL_SECONDS,
  PlanTypeCode,
  parseBirthday,
  parseConsentCookie,
  ResponseCode,
  serializeBirthdayCookie,
  serializeConsentCookie,
  type YearMonth,
} from '@manga/contracts';
import type { ConsentRow } from '#src/db/schema.ts';
import { type LawState, toLawResponse, toOptOutResponse } from '#src/mappers/law.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { ConsentRepository } from '#src/repositories/consent.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { birthdayFromCookies, type ConsentCookies, UNDER_13_MESSAGE } from '#src/rules/age-gate.rules.ts';
import { accountStatusError, type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';

export const BIRTHDAY_CORRECTION_MESSAGE =
  'The birthday of your account cannot be changed to an earlier one here. If it is wrong, please contact support.';

/** `a` lies before `b`: someone born in `a` is older. */
function isEarlier(a: YearMonth, b: YearMonth): boolean {
  return a.year < b.year || (a.year === b.year && a.month < b.month);
}

export interface LawCookie {
  /** Unprefixed name (product §3); the route adds the environment prefix. */
  name: typeof CookieName.Birthday | ConsentCookieName;
  value: string;
  maxAgeSeconds: number;
}

export class ConsentService {
  constructor(
    private readonly users: Pick<UserRepository, 'findUserById' | 'updateUser'>,
    private readonly consents: Pick<ConsentRepository, 'insertConsent' | 'findLatestConsentByUser'>,
    private readonly clock: ClockRepository,
  ) {}

  /** GET /web/law: the logged-in user's stored consent, else what the cookies say. */
  async getLaw(input: { auth: RequestAuth; cookies: ConsentCookies }) {
    const now = this.clock.now();
    const stored = input.auth.user ? await this.consents.findLatestConsentByUser(input.auth.user.userId) : undefined;
    return toLawResponse(stored ? stateOfRow(stored, now) : stateOfCookies(input.cookies, now));
  }

  /**
   * POST /web/law: records the consent for the birthday's age group (a minor accepts the minor
   * terms; an adult the adult terms and the privacy policy) and returns the cookies that hold it.
   * Under 13 → 2016, and nothing is stored. A logged-in reader's first birthday fills the account;
   * from then on the account's birthday never moves to make them older: an earlier birthday → 2016
   * and nothing is stored (a correction goes through support, ADR 015).
   */
  async saveLaw(input: { auth: RequestAuth; birthday: string; isConsent: 0 | 1 }) {
    const now = this.clock.now();
    const birthday = parseBirthday(input.birthday, new Date(now));
    if (!birthday) {
      throw new DomainError(
        ResponseCode.InvalidParameter,
        'invalid parameter birthday: must be YYYY-MM, from 1900, not in the future',
      );
    }
    const group = ageGroupOf(birthday, new Date(now));
    if (group === AgeGroup.Impossible) throw new DomainError(ResponseCode.AccountAccessDenied, UNDER_13_MESSAGE);
    const flag = input.isConsent;
    const flags = {
      terms_of_service_minor: group === AgeGroup.Minor ? flag : 0,
      terms_of_service_adult: group === AgeGroup.Adult ? flag : 0,
      privacy_policy: group === AgeGroup.Adult ? flag : 0,
    } as const;
    const userId = input.auth.user && !accountStatusError(input.auth.user.status) ? input.auth.user.userId : null;
    const account = userId === null ? undefined : await this.users.findUserById(userId);
    const stored = parseBirthday(account?.birthday ?? undefined, new Date(now));
    if (stored && isEarlier(birthday, stored)) {
      throw new DomainError(ResponseCode.AccountAccessDenied, BIRTHDAY_CORRECTION_MESSAGE);
    }
    await this.consents.insertConsent({
      user_id: userId,
      birthday: birthday.value,
      age_group: group,
      ...flags,
      created_at: now,
    });
    if (userId !== null && account && !account.birthday) {
      await this.users.updateUser(userId, { birthday: birthday.value, updated_at: now });
    }
    const expires = Math.floor(now / 1000) + LAW_COOKIE_TTL_SECONDS;
    const cookies: LawCookie[] = [
      {
        name: CookieName.Birthday,
        value: serializeBirthdayCookie(birthday.value, expires),
        maxAgeSeconds: LAW_COOKIE_TTL_SECONDS,
      },
      ...(group === AgeGroup.Minor
        ? ([CookieName.TermsOfServiceMinor] as const)
        : ([CookieName.TermsOfServiceAdult, CookieName.PrivacyPolicy] as const)
      ).map((name) => ({ name, value: serializeConsentCookie(flag, expires), maxAgeSeconds: LAW_COOKIE_TTL_SECONDS })),
    ];
    return {
      law: toLawResponse({ birthday: birthday.value, ageGroup: group, consent: flag === 1 }),
      cookies,
    };
  }

  /** GET /web/opt_out. */
  async getOptOut(auth: RequestAuth) {
    const { userId } = requireActiveUser(auth);
    return toOptOutResponse(await this.users.findUserById(userId));
  }

  /**
   * POST /web/opt_out: `ads=1` opts out of the sale or sharing of personal data for advertising,
   * `analysis=1` out of analytics sharing (ADR 007). Both are stored on the account.
   */
  async saveOptOut(input: { auth: RequestAuth; ads: 0 | 1; analysis: 0 | 1 }) {
    const { userId } = requireActiveUser(input.auth);
    await this.users.updateUser(userId, {
      opt_out_ads: input.ads,
      opt_out_analysis: input.analysis,
      updated_at: this.clock.now(),
    });
    return toOptOutResponse({ opt_out_ads: input.ads, opt_out_analysis: input.analysis });
  }

  /** GET /web/status: login state, plan and opt-out; a dead session or an inactive account counts as logged out. */
  async getStatus(auth: RequestAuth) {
    const user =
      auth.user && !accountStatusError(auth.user.status) ? await this.users.findUserById(auth.user.userId) : undefined;
    return {
      login_status: user ? 1 : 0,
      user_id: user?.id ?? 0,
      charge_type: user?.charge_type ?? PlanTypeCode.non_charger,
      subscription_categories: [] as number[],
      opt_out: toOptOutResponse(user),
    };
  }
}

function stateOfRow(row: ConsentRow, now: number): LawState {
  const birthday = parseBirthday(row.birthday, new Date(now));
  const group = birthday ? ageGroupOf(birthday, new Date(now)) : undefined;
  return {
    birthday: row.birthday,
    ageGroup: group === AgeGroup.Minor || group === AgeGroup.Adult ? group : undefined,
    consent: hasLawConsent(
      {
        birthday: row.birthday,
        termsOfServiceMinor: row.terms_of_service_minor,
        termsOfServiceAdult: row.terms_of_service_adult,
        privacyPolicy: row.privacy_policy,
      },
      new Date(now),
    ),
  };
}

function stateOfCookies(cookies: ConsentCookies, now: number): LawState {
  const birthday = birthdayFromCookies(cookies, now);
  if (!birthday) return { birthday: undefined, ageGroup: undefined, consent: false };
  const group = ageGroupOf(birthday, new Date(now));
  return {
    birthday: birthday.value,
    ageGroup: group === AgeGroup.Minor || group === AgeGroup.Adult ? group : undefined,
    consent: hasLawConsent(
      {
        birthday,
        termsOfServiceMinor: parseConsentCookie(cookies.terms_of_service_minor),
        termsOfServiceAdult: parseConsentCookie(cookies.terms_of_service_adult),
        privacyPolicy: parseConsentCookie(cookies.privacy_policy),
      },
      new Date(now),
    ),
  };
}
