import { type ApiClient, responseCodeOf } from '@manga/api-client';
import {
  AgeGroup,
  ageGroupOf,
  LawResponseSchema,
  parseBirthday,
  Region,
  ResponseCode,
  sameOriginReturnTarget,
} from '@manga/contracts';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { DECLARE_INTENT } from '#app/features/catalogue/age-restriction.ts';
import { DENIED_PATH, GATE_PATH, gatePathFor, REDIRECT_PARAM, TOP_PATH } from '#app/guards/navigation-guard.ts';
import {
  birthdayWrites,
  clearConsentWrites,
  clearLawWrites,
  consentExpiry,
  consentWrites,
  declarationWrites,
} from '#app/visitor/law-cookies.ts';
import { lawCookiesOf, type Visitor } from '#app/visitor/visitor.ts';
import { apiFor, applyCookieWrites, cookieWriteSettings, visitorOf } from '#app/visitor/visitor-context.server.ts';

import type { GateData, GateError } from './age-gate.ts';

type Context = Readonly<RouterContextProvider>;

/** The birthday the visitor declared; a default the site recorded (ADR 026) is none. */
function declaredBirthdayOf(visitor: Visitor) {
  const law = lawCookiesOf(visitor, env.cookiePrefix);
  return law.birthdayIsDefault ? undefined : parseBirthday(law.birthday, new Date());
}

/** Step 1 without a (valid, declared) birthday cookie, step 2 (consent for the age group) with one. */
export function loadGate(context: Context, url: URL): GateData {
  const redirectTarget = sameOriginReturnTarget(url.searchParams.get(REDIRECT_PARAM));
  const { visitor } = visitorOf(context);
  const now = new Date();
  const birthday = declaredBirthdayOf(visitor);
  if (!birthday) return { step: 'birthday', redirect: redirectTarget };
  const ageGroup = ageGroupOf(birthday, now);
  // The guard sends impossible ages to the denied page before this runs.
  if (ageGroup === AgeGroup.Impossible) throw redirect(DENIED_PATH);
  return { step: 'consent', birthday: birthday.value, ageGroup, redirect: redirectTarget };
}

/**
 * What became of the consent at the API: recorded; refused for a logged-in reader whose account has
 * a later birthday than the one entered (2016: the account's birthday never moves to make its owner
 * older, ADR 015); or kept in the web cookies only (another failure).
 */
export type LawRecord = 'recorded' | 'birthday_locked' | 'cookies_only';

/** Records birthday and consent with the API (POST /web/law). */
export async function recordLaw(
  api: Pick<ApiClient, 'post'>,
  birthday: string,
  isLoggedIn: boolean,
): Promise<LawRecord> {
  try {
    await api.post('/web/law', { birthday, is_consent: 1 }, { schema: LawResponseSchema });
    return 'recorded';
  } catch (error) {
    const code = responseCodeOf(error);
    if (code === ResponseCode.ServerMaintenance) handleApiError(error);
    if (code === ResponseCode.AccountAccessDenied && isLoggedIn) return 'birthday_locked';
    console.warn(`POST /web/law failed with ${code}; consent kept in the web cookies only`);
    return 'cookies_only';
  }
}

/** The year and month of a birthday form, as `YYYY-MM` when they make a valid birthday. */
function birthdayOfForm(form: FormData, now: Date) {
  return parseBirthday(`${String(form.get('year') ?? '')}-${String(form.get('month') ?? '')}`, now);
}

/**
 * The inline question of an age-rated episode or title (ADR 026): the reader declares their birth
 * month once, where they are. Under 13 goes to the denied page, like the gate. In JP, where product §4
 * records consent without asking, the birthday and its age group's consent are recorded at once
 * (cookies and POST /web/law, which fills an account's empty birthday) and the reader goes back;
 * elsewhere the gate asks for the consent that age group needs, then sends the reader back.
 */
async function declareBirthday(request: Request, context: Context, form: FormData, target: string | undefined) {
  const state = visitorOf(context);
  const now = new Date();
  const settings = cookieWriteSettings(now);
  const birthday = birthdayOfForm(form, now);
  if (!birthday) return data({ error: 'invalid_birthday' as GateError }, { status: 400 });
  const expires = consentExpiry(now);
  if (ageGroupOf(birthday, now) === AgeGroup.Impossible) {
    applyCookieWrites(state, birthdayWrites(birthday.value, expires, settings));
    throw redirect(DENIED_PATH);
  }
  if (state.visitor.region !== Region.JP) {
    applyCookieWrites(state, [...birthdayWrites(birthday.value, expires, settings), ...clearConsentWrites(settings)]);
    throw redirect(gatePathFor(target));
  }
  applyCookieWrites(state, declarationWrites(birthday.value, expires, settings));
  const record = await recordLaw(apiFor(request, context), birthday.value, state.visitor.isLoggedIn);
  if (record === 'birthday_locked') {
    applyCookieWrites(state, clearLawWrites(settings));
    return data({ error: 'birthday_locked' as GateError }, { status: 400 });
  }
  throw redirect(target ?? TOP_PATH);
}

export async function submitGate(request: Request, context: Context) {
  const form = await request.formData();
  const intent = form.get('intent');
  const target = sameOriginReturnTarget(String(form.get('redirect') ?? ''));
  const state = visitorOf(context);
  const now = new Date();
  const settings = cookieWriteSettings(now);

  if (intent === 'reset') {
    applyCookieWrites(state, clearLawWrites(settings));
    throw redirect(gatePathFor(target));
  }

  if (intent === 'birthday') {
    const birthday = birthdayOfForm(form, now);
    if (!birthday) return data({ error: 'invalid_birthday' as GateError }, { status: 400 });
    applyCookieWrites(state, birthdayWrites(birthday.value, consentExpiry(now), settings));
    if (ageGroupOf(birthday, now) === AgeGroup.Impossible) throw redirect(DENIED_PATH);
    throw redirect(gatePathFor(target));
  }

  if (intent === DECLARE_INTENT) return declareBirthday(request, context, form, target);

  if (intent === 'consent') {
    const birthday = declaredBirthdayOf(state.visitor);
    if (!birthday) throw redirect(gatePathFor(target));
    const group = ageGroupOf(birthday, now);
    if (group === AgeGroup.Impossible) throw redirect(DENIED_PATH);
    const required =
      group === AgeGroup.Minor ? ['terms_of_service_minor'] : ['terms_of_service_adult', 'privacy_policy'];
    if (!required.every((name) => form.get(name) === '1')) {
      return data({ error: 'consent_required' as GateError }, { status: 400 });
    }
    applyCookieWrites(state, consentWrites(birthday.value, consentExpiry(now), settings));
    const record = await recordLaw(apiFor(request, context), birthday.value, state.visitor.isLoggedIn);
    if (record === 'birthday_locked') {
      // Back to the first step, saying why: the cookies must not claim a birthday the account denies.
      applyCookieWrites(state, clearLawWrites(settings));
      return data({ error: 'birthday_locked' as GateError }, { status: 400 });
    }
    throw redirect(target ?? TOP_PATH);
  }

  throw redirect(GATE_PATH);
}
