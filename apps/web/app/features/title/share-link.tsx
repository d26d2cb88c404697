import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The title's link to copy (a button with JavaScript; a selectable field without) and an X post link. */
export function ShareLink({ url, text }: { url: string; text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const intent = `https://x.com/intent/post?${new URLSearchParams({ text, url }).toString()}`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <label htmlFor="share-url" className="sr-only">
          {t('catalogue.share_link')}
        </label>
        <input
          id="share-url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-lg bg-zinc-100 px-3 font-mono text-xs text-zinc-700 outline-none focus:ring-2 focus:ring-brand-500"
        />
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
          className="h-10 shrink-0 rounded-lg bg-ink px-4 text-sm font-bold text-white transition hover:bg-zinc-800"
        >
          {copied ? t('catalogue.copied') : t('catalogue.copy')}
        </button>
      </div>
      <a
        href={intent}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50"
      >
        <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M4 4l6.5 8.4L4.3 20H6l5.3-6.4L15.5 20H20l-6.8-8.9L19 4h-1.7l-4.9 5.9L8.5 4z" />
        </svg>
        {t('catalogue.share_on_x')}
      </a>
      <p role="status" className="sr-only">
        {copied ? t('catalogue.copied') : ''}
      </p>
    </div>
  );
}
