import { useTranslation } from 'react-i18next';
import { SERVICE_NAME } from '#app/brand.ts';

const SOCIAL_LINKS = [
  {
    key: 'x',
    href: 'https://x.com/',
    path: 'M4 4l6.5 8.4L4.3 20H6l5.3-6.4L15.5 20H20l-6.8-8.9L19 4h-1.7l-4.9 5.9L8.5 4z',
  },
  {
    key: 'instagram',
    href: 'https://www.instagram.com/',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
  {
    key: 'youtube',
    href: 'https://www.youtube.com/',
    path: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z',
  },
] as const;

/** The top page's "follow us" block: the service's social accounts. */
export function SocialFollow() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-5 rounded-2xl bg-ink px-6 py-7 text-white sm:flex-row sm:items-center sm:justify-between sm:px-8">
      <div>
        <p className="text-lg font-extrabold tracking-tight">{t('top.follow_title', { name: SERVICE_NAME })}</p>
        <p className="mt-1 text-sm text-zinc-400">{t('top.follow_body')}</p>
      </div>
      <ul className="flex gap-3">
        {SOCIAL_LINKS.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="grid size-11 place-items-center rounded-full bg-white/10 ring-1 ring-white/15 transition hover:bg-brand-500"
            >
              <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
                <path d={link.path} fillRule="evenodd" />
              </svg>
              <span className="sr-only">{t(`top.follow_${link.key}`, { name: SERVICE_NAME })}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
