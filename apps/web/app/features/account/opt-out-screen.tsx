import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { FormError } from '#app/components/ui/form-error.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { SubmitButton, useFormFeedback } from './account-form.tsx';
import { noFormChecks } from './account-forms.ts';
import { SETTINGS_PATH } from './account-paths.ts';
import type { OptOutChoices, OptOutFormResult } from './opt-out.ts';

function Choice({ name, checked, title, help }: { name: string; checked: boolean; title: string; help: string }) {
  return (
    <label className="flex cursor-pointer items-start gap-4 px-5 py-4 transition hover:bg-zinc-50 sm:px-6">
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-bold text-ink">{title}</span>
        <span className="mt-1 block text-sm leading-relaxed text-zinc-600">{help}</span>
      </span>
      <input type="checkbox" name={name} value="1" defaultChecked={checked} className="peer sr-only" />
      <span
        aria-hidden="true"
        className="relative mt-0.5 h-7 w-12 shrink-0 rounded-full bg-zinc-300 transition peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 after:absolute after:top-0.5 after:left-0.5 after:size-6 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5"
      />
    </label>
  );
}

/** Opt out of the sale or sharing of personal data (product §2): ads and analytics, each on its own. */
export function OptOutScreen({ stored, result }: { stored: OptOutChoices; result: OptOutFormResult | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const feedback = useFormFeedback(result, noFormChecks);
  const saved = result?.status === 'done' ? result.optOut : undefined;
  const current = saved ? { ads: saved.ads === 1, analysis: saved.analysis === 1 } : stored;
  return (
    <PageFrame
      title={t('pages.my-setting-optout.title')}
      lead={t('pages.my-setting-optout.lead')}
      crumbs={[
        { label: t('pages.my.title'), to: '/my' },
        { label: t('pages.my-setting.title'), to: SETTINGS_PATH },
      ]}
    >
      <Form method="post" className="max-w-2xl" aria-labelledby="optout-heading">
        <fieldset className="rounded-2xl border border-zinc-200 bg-white shadow-sm">
          <legend id="optout-heading" className="sr-only">
            {t('optout.heading')}
          </legend>
          <p className="border-b border-zinc-100 px-5 py-4 text-sm leading-relaxed text-zinc-600 sm:px-6">
            {t('optout.intro')}
          </p>
          <div className="divide-y divide-zinc-100">
            <Choice
              key={`ads-${current.ads}`}
              name="ads"
              checked={current.ads}
              title={t('optout.ads_label')}
              help={t('optout.ads_help')}
            />
            <Choice
              key={`analysis-${current.analysis}`}
              name="analysis"
              checked={current.analysis}
              title={t('optout.analysis_label')}
              help={t('optout.analysis_help')}
            />
          </div>
        </fieldset>
        <div className="mt-5">
          <FormError code={feedback.code} retryAfterSeconds={feedback.retryAfterSeconds} />
        </div>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="sm:w-56">
            <SubmitButton busy={busy}>{t('optout.save')}</SubmitButton>
          </div>
          {saved ? (
            <p role="status" className="text-sm font-semibold text-emerald-700" data-testid="optout-saved">
              {t('optout.saved')}
            </p>
          ) : null}
        </div>
      </Form>
    </PageFrame>
  );
}
