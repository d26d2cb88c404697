import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface StatusPanelProps {
  title: string;
  message: string;
  /** A response or HTTP code shown for support requests. */
  code?: number;
  action?: { href: string; label: string; reloadDocument?: boolean };
}

/** A calm, centred message for empty, failed or missing content. */
export function StatusPanel({ title, message, code, action }: StatusPanelProps) {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      className="mx-auto flex w-full max-w-md flex-col items-center rounded-2xl border border-zinc-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      <div className="mb-5 grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
        <svg
          viewBox="0 0 24 24"
          className="size-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5z" />
          <path d="M4 11h7V4M11 11v9M11 14h9" />
        </svg>
      </div>
      <h1 className="text-xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="mt-2 text-sm leading-relaxed text-zinc-600">{message}</p>
      {code !== undefined ? (
        <p className="mt-3 font-mono text-xs text-zinc-400">{t('common.error_code', { code })}</p>
      ) : null}
      {action ? (
        <Link
          to={action.href}
          reloadDocument={action.reloadDocument}
          className="mt-6 inline-flex h-10 items-center rounded-full bg-ink px-5 text-sm font-semibold text-white transition hover:bg-zinc-800"
        >
          {action.label}
        </Link>
      ) : null}
    </section>
  );
}
