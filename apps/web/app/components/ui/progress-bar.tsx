import { useId } from 'react';

interface ProgressBarProps {
  /** What is in progress, read out as the bar's name. */
  label: string;
  /** 0–100. */
  percent: number;
  /** Shown opposite the label (a percentage, pages done); empty for none. */
  detail: string;
  testId?: string;
  className?: string;
}

/** A labelled determinate progress bar: the uploads of the editors' console (title art, chapters). */
export function ProgressBar({ label, percent, detail, testId, className }: ProgressBarProps) {
  const labelId = useId();
  return (
    <div className={className} data-testid={testId}>
      <div className="flex justify-between gap-3 text-xs font-bold text-zinc-700">
        <span id={labelId}>{label}</span>
        <span>{detail}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-2 overflow-hidden rounded-full bg-zinc-100"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
