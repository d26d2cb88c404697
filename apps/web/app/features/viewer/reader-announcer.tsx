import { useTranslation } from 'react-i18next';
import type { PageHalf } from './spread-layout.ts';

/** Where the reader is, said politely to screen readers as it changes: the page, the spread, the half, the end. */
export function ReaderAnnouncer({
  atEnd,
  episodeName,
  currentPages,
  page,
  total,
  half,
}: {
  atEnd: boolean;
  episodeName: string;
  /** 0-based pages on screen. */
  currentPages: readonly number[];
  /** 0-based page. */
  page: number;
  total: number;
  /** On a split page, which half is shown. */
  half: PageHalf | undefined;
}) {
  const { t } = useTranslation();
  const [first = page, last = first] = currentPages;
  const text = atEnd
    ? t('episode.viewer.end.announce', { name: episodeName })
    : currentPages.length > 1
      ? t('episode.viewer.pages_label', { first: first + 1, last: last + 1, total })
      : half
        ? t('reader_comfort.split.half_label', {
            number: page + 1,
            total,
            half: t(`reader_comfort.split.half_${half}`),
          })
        : t('episode.viewer.page_label', { number: page + 1, total });
  return (
    <p className="sr-only" aria-live="polite" data-testid="reader-announcer">
      {text}
    </p>
  );
}
