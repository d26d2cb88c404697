import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leadingUnits, remainingUntil, tickInterval } from './countdown.ts';

/**
 * The time left until `until` in its largest one or two units, ticking in the browser (every second
 * in the last hour). The first render uses `renderedAt` (when the server drew the page), so the
 * server's HTML and the browser's first render agree; `ended` is shown once the time is up.
 */
export function LiveCountdown({
  until,
  renderedAt,
  format,
  ended,
}: {
  until: string;
  renderedAt: string;
  /** Words around the time left, e.g. "Rented · {{left}} left". */
  format: (left: string) => string;
  ended: string;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.parse(renderedAt));
  const end = Date.parse(until);
  const remaining = remainingUntil(end, now);
  const interval = tickInterval(remaining);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), interval);
    return () => clearInterval(timer);
  }, [interval]);
  if (!remaining) return <>{ended}</>;
  const left = leadingUnits(remaining)
    .map(({ unit, count }) => t(`episode.viewer.end.unit_long.${unit}`, { count }))
    .join(' ');
  return (
    <time dateTime={until} data-testid="live-countdown">
      {format(left)}
    </time>
  );
}
