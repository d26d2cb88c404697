/** The logo: three manga panels (koma) on ink. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" className="fill-ink" />
      <path d="M14 14h16v16H14zM34 34h16v16H34zM14 34h16v16H14z" className="fill-brand-500" />
      <path d="M34 14h16v16H34z" className="fill-white" />
    </svg>
  );
}
