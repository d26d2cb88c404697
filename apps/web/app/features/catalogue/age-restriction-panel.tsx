import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { type AgeRestriction, DECLARE_INTENT, declareActionPath } from './age-restriction.ts';
import { BirthMonthFields } from './birth-month-fields.tsx';

/**
 * An age-rated title or chapter the reader may not open (ADR 026): its rating, and either the inline
 * question (birth year and month, asked once, posted to the gate's route, which records it and
 * comes back here) or why it stays closed. The viewer's restricted screen and the title page show it.
 */
export function AgeRestrictionPanel({
  restriction,
  idPrefix,
  className = '',
}: {
  restriction: AgeRestriction;
  /** Unique per page: the heading's and the selects' ids. */
  idPrefix: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === DECLARE_INTENT;
  const { rating, ask, birthdayKnown, returnTo } = restriction;
  const headingId = `${idPrefix}-heading`;
  const explanation =
    birthdayKnown && rating > 0 ? t('law.age_question.too_young', { rating }) : t('episode.viewer.restricted.body');
  return (
    <section
      aria-labelledby={headingId}
      data-testid="age-restriction"
      data-ask={ask ? 'true' : 'false'}
      className={`text-ink ${className}`}
    >
      <div className="flex items-start gap-3.5">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-full bg-rose-50 text-sm font-black text-rose-600 ring-1 ring-rose-100"
        >
          {rating > 0 ? `${rating}+` : '!'}
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg leading-snug font-black tracking-tight sm:text-xl">
            {rating > 0 ? t('law.age_question.heading', { rating }) : t('episode.viewer.restricted.title')}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-zinc-600">{ask ? t('law.age_question.lead') : explanation}</p>
        </div>
      </div>
      {ask ? (
        <Form method="post" action={declareActionPath(returnTo)} className="mt-5" data-testid="age-question">
          <input type="hidden" name="intent" value={DECLARE_INTENT} />
          <input type="hidden" name="redirect" value={returnTo} />
          <fieldset>
            <legend className="mb-2.5 text-sm font-bold text-ink">{t('law.age.birthday_legend')}</legend>
            <BirthMonthFields idPrefix={idPrefix} />
          </fieldset>
          <button
            type="submit"
            disabled={busy}
            className="mt-4 inline-flex h-12 w-full items-center justify-center rounded-full bg-brand-500 px-6 text-sm font-bold text-white shadow-lg shadow-brand-500/25 transition hover:bg-brand-600 disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none"
          >
            {t('law.age_question.submit')}
          </button>
          <p className="mt-3 text-xs leading-relaxed text-zinc-500">{t('law.age_question.note')}</p>
        </Form>
      ) : null}
    </section>
  );
}
