import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { Button } from '#app/components/ui/button.tsx';
import { DocumentLinkText } from '#app/components/ui/document-link-text.tsx';
import { BirthMonthFields } from '#app/features/catalogue/birth-month-fields.tsx';
import { OopsCard, OopsIcon } from '#app/layouts/status-screens.tsx';
import type { GateData, GateError } from './age-gate.ts';

function ErrorNote({ error }: { error: GateError | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p
      role="alert"
      className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700 ring-1 ring-red-100"
    >
      {t(`law.age.${error}`)}
    </p>
  );
}

function BirthdayStep({ redirect, error }: { redirect: string | undefined; error: GateError | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value="birthday" />
      {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
      <fieldset>
        <legend className="text-sm font-bold text-ink">{t('law.age.birthday_legend')}</legend>
        <div className="mt-3">
          <BirthMonthFields />
        </div>
      </fieldset>
      <ErrorNote error={error} />
      <Button type="submit" variant="neutral" size="xl" block className="mt-6" busy={busy}>
        {t('law.age.continue')}
      </Button>
    </Form>
  );
}

function ConsentCheck({ name, i18nKey, to }: { name: string; i18nKey: string; to: string }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl bg-zinc-50 px-4 py-3.5 ring-1 ring-zinc-200 transition hover:ring-zinc-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-400">
      <input
        type="checkbox"
        name={name}
        value="1"
        required
        className="mt-0.5 size-5 shrink-0 rounded accent-brand-600"
      />
      <span className="text-sm leading-relaxed text-zinc-700">
        <DocumentLinkText i18nKey={i18nKey} to={to} />
      </span>
    </label>
  );
}

function ConsentStep({
  birthday,
  ageGroup,
  redirect,
  error,
}: {
  birthday: string;
  ageGroup: 'minor' | 'adult';
  redirect: string | undefined;
  error: GateError | undefined;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const [year, month] = birthday.split('-').map(Number);
  const born = new Intl.DateTimeFormat(i18n.language === 'ja' ? 'ja-JP' : 'en-US', {
    year: 'numeric',
    month: 'long',
  }).format(new Date(year ?? 2000, (month ?? 1) - 1, 1));
  return (
    <>
      <div className="flex items-center justify-between gap-3 rounded-2xl bg-zinc-50 px-4 py-3 ring-1 ring-zinc-200">
        <div className="min-w-0">
          <p className="text-sm font-bold text-ink">{t('law.age.born', { birthday: born })}</p>
          <p className="text-xs text-zinc-500" data-testid="age-group">
            {t(`law.age.age_group.${ageGroup}`)}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="reset" />
          {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
          <button
            type="submit"
            className="rounded-full px-3 py-1.5 text-xs font-bold text-brand-700 transition hover:bg-brand-50"
          >
            {t('law.age.change_birthday')}
          </button>
        </Form>
      </div>
      <h2 className="mt-6 text-base font-bold text-ink">{t('law.age.consent_heading')}</h2>
      <p className="mt-1.5 text-sm leading-relaxed text-zinc-600">
        {t(ageGroup === 'minor' ? 'law.age.consent_lead_minor' : 'law.age.consent_lead_adult')}
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="consent" />
        {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
        <div className="space-y-2.5">
          {ageGroup === 'minor' ? (
            <ConsentCheck name="terms_of_service_minor" i18nKey="law.age.agree_minor" to="/article/terms-of-service" />
          ) : (
            <>
              <ConsentCheck
                name="terms_of_service_adult"
                i18nKey="law.age.agree_terms"
                to="/article/terms-of-service"
              />
              <ConsentCheck name="privacy_policy" i18nKey="law.age.agree_privacy" to="/article/privacy-policy" />
            </>
          )}
        </div>
        <ErrorNote error={error} />
        <Button type="submit" size="xl" block className="mt-6" busy={busy}>
          {t('law.age.start_reading')}
        </Button>
      </Form>
    </>
  );
}

/** The age gate (product §2, §4): birth month first, then the consent that age group needs. */
export function AgeGateScreen({ gate, error }: { gate: GateData; error: GateError | undefined }) {
  const { t } = useTranslation();
  return (
    <OopsCard wide>
      <OopsIcon tone="brand">
        <rect x="3.5" y="5" width="17" height="15" rx="2" />
        <path d="M3.5 10h17M8 3v4M16 3v4" />
      </OopsIcon>
      <h1 className="mt-5 text-2xl font-black tracking-tight text-ink sm:text-[28px]">
        {t('law.age.heading', { name: SERVICE_NAME })}
      </h1>
      <p className="mt-2 text-sm leading-relaxed text-zinc-600">{t('law.age.lead')}</p>
      <div className="mt-6">
        {gate.step === 'consent' ? (
          <ConsentStep birthday={gate.birthday} ageGroup={gate.ageGroup} redirect={gate.redirect} error={error} />
        ) : (
          <BirthdayStep redirect={gate.redirect} error={error} />
        )}
      </div>
    </OopsCard>
  );
}

/** Under 13 (product §4): the site is not available. */
export function AgeDeniedScreen() {
  const { t } = useTranslation();
  return (
    <OopsCard>
      <OopsIcon tone="muted">
        <circle cx="12" cy="12" r="8.5" />
        <path d="M6 6l12 12" />
      </OopsIcon>
      <h1 className="mt-5 text-2xl font-black tracking-tight text-ink">
        {t('law.denied.heading', { name: SERVICE_NAME })}
      </h1>
      <p className="mt-3 text-sm leading-relaxed text-zinc-600">{t('law.denied.body', { name: SERVICE_NAME })}</p>
      <Link
        to="/article/help"
        className="mt-7 inline-flex h-11 items-center rounded-full px-5 text-sm font-bold text-ink ring-1 ring-zinc-300 transition hover:bg-zinc-50"
      >
        {t('law.denied.help')}
      </Link>
    </OopsCard>
  );
}
