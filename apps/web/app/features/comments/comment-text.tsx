import { useTranslation } from 'react-i18next';
import { formatDateTime, useDateFormat } from '#app/i18n/date-format.ts';
import { useRootData } from '#app/root-data.ts';
import { type CommenterName, type CommentRefusal, refusalMessageKey } from './comments.ts';

// Words the comments section and the console share: a commenter's name, a refusal, a time.

/** The page's locale and the reader's own time zone, for dates (ADR 036). */
export function useLocaleAndZone() {
  const root = useRootData();
  return { locale: root?.locale ?? 'ja', timeZone: useDateFormat().timeZone };
}

/** "Reader 7K2QX9", or the commenter's nickname. */
export function CommenterNameText({ author }: { author: CommenterName }) {
  const { t } = useTranslation();
  return <>{author.nickname ?? t('comments.reader_name', { tag: author.tag })}</>;
}

/** A refusal in words, with the code as small print for support requests. */
export function RefusalText({ refusal }: { refusal: CommentRefusal }) {
  const { t } = useTranslation();
  const { locale, timeZone } = useLocaleAndZone();
  const until =
    'until' in refusal && refusal.until ? formatDateTime(new Date(refusal.until), locale, timeZone) : undefined;
  return (
    <>
      <span>{t(refusalMessageKey(refusal), { until })}</span>{' '}
      <span className="font-mono text-[11px] font-normal whitespace-nowrap opacity-70">
        {t('common.error_code', { code: refusal.code })}
      </span>
    </>
  );
}
