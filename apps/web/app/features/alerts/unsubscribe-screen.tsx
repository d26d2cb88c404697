import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import type { UnsubscribeData } from './unsubscribe.ts';

/** /mail/unsubscribe: confirm, done, or a link that is not valid (ADR 065). No login needed. */
export function UnsubscribeScreen({ result }: { result: UnsubscribeData }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="grid gap-4 text-center" data-testid="unsubscribe" data-state={result.state}>
      <h1 className="text-xl font-bold text-ink">{t('alerts.unsubscribe.title')}</h1>
      {result.state === 'invalid' ? (
        <p role="alert" className="text-sm text-red-700">
          {t('alerts.unsubscribe.invalid')}
        </p>
      ) : result.state === 'done' ? (
        <p role="status" className="text-sm text-zinc-700">
          {t('alerts.unsubscribe.done', { email: result.email })}
        </p>
      ) : (
        <>
          <p className="text-sm text-zinc-700">
            {result.subscribed
              ? t('alerts.unsubscribe.confirm', { email: result.email })
              : t('alerts.unsubscribe.already', { email: result.email })}
          </p>
          {result.subscribed ? (
            <Form method="post">
              <Button type="submit" disabled={busy} data-testid="unsubscribe-confirm">
                {t('alerts.unsubscribe.button')}
              </Button>
            </Form>
          ) : null}
        </>
      )}
      <p className="text-xs text-zinc-500">
        <Link to="/my/setting#chapter-alerts" className="font-semibold text-brand-700 underline">
          {t('alerts.unsubscribe.settings')}
        </Link>
      </p>
    </div>
  );
}
