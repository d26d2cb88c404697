import { useTranslation } from 'react-i18next';

/**
 * Reopening a chapter resumes where the reader stopped (issue 24); this says so, with a way to start
 * from page 1, until the reader turns a page.
 */
export function ResumeNotice({ page, onStartOver }: { page: number; onStartOver: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-16 z-40 flex justify-center px-4" data-no-gestures>
      <div
        className="pointer-events-auto flex max-w-full items-center gap-3 rounded-full bg-white py-1.5 pr-1.5 pl-4 text-sm text-ink shadow-lg ring-1 ring-black/10"
        data-testid="resume-notice"
      >
        <p role="status" className="min-w-0 truncate font-semibold">
          {t('episode.viewer.resume.notice', { page })}
        </p>
        <button
          type="button"
          onClick={onStartOver}
          className="h-9 shrink-0 rounded-full bg-ink px-4 text-sm font-bold text-white transition hover:bg-zinc-700"
          data-testid="start-over"
        >
          {t('episode.viewer.resume.start_over')}
        </button>
      </div>
    </div>
  );
}
