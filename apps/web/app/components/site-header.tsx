import { Link } from 'react-router';
import { SERVICE_NAME, SERVICE_TAGLINE } from '#app/brand.ts';
import { BrandMark } from './ui/brand-mark.tsx';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:h-16 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2.5 rounded-md" aria-label={`${SERVICE_NAME} top page`}>
          <BrandMark className="size-8 sm:size-9" />
          <span className="text-xl font-black tracking-tight text-ink sm:text-2xl">{SERVICE_NAME}</span>
        </Link>
        <p className="ml-3 hidden border-l border-zinc-200 pl-4 text-sm text-zinc-500 md:block">{SERVICE_TAGLINE}</p>
      </div>
    </header>
  );
}
