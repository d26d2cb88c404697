import { SERVICE_NAME } from '#app/brand.ts';
import { BrandMark } from './ui/brand-mark.tsx';

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-zinc-200 bg-zinc-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-8 text-sm text-zinc-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div className="flex items-center gap-2">
          <BrandMark className="size-6" />
          <span className="font-bold text-zinc-700">{SERVICE_NAME}</span>
        </div>
        <p>All titles are the property of their respective creators and publishers.</p>
      </div>
    </footer>
  );
}
