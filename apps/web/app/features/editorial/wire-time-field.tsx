import { parseWireDateTime } from '@manga/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useDateFormat } from '#app/i18n/date-format.ts';
import { inputToWire } from './editorial.ts';
import { inputClass } from './editorial-frame.tsx';
import { Field } from './field.tsx';

// A time entered in the wire time zone (datetime-local), with what it means in the editor's own zone
// beside it: the chapter form's field (ADR 061), shared with the top page curation (ADR 074).

/** A wire time shown in the wire zone, with the editor's own time beside it when the zones differ. */
export function TimeInZones({ wire, wireTimeZone }: { wire: string; wireTimeZone: string }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const at = wire ? parseWireDateTime(wire, wireTimeZone) : undefined;
  if (!at) return null;
  return (
    <span className="block">
      {formatDateTime(at, dates.locale, wireTimeZone)} ({wireTimeZone})
      {dates.timeZone && dates.timeZone !== wireTimeZone ? (
        <>
          {' · '}
          {t('editorial.publish.your_time', { time: dates.dateTime(at.toISOString()), zone: dates.timeZone })}
        </>
      ) : null}
    </span>
  );
}

/** A release time in the wire zone (datetime-local), the time it means in both zones under it. */
export function WireTimeField({
  label,
  name,
  value,
  onChange,
  emptyHint,
  wireTimeZone,
  testId,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The hint while no time is set. */
  emptyHint?: string;
  wireTimeZone: string;
  testId: string;
}) {
  return (
    <Field
      label={label}
      hint={value ? <TimeInZones wire={inputToWire(value)} wireTimeZone={wireTimeZone} /> : emptyHint}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type="datetime-local"
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClass} mt-1`}
          data-testid={testId}
        />
      )}
    </Field>
  );
}
