// Date strings the app exchanges as `YYYY-MM-DDTHH:mm:ss` (product §5).

const DATE_TIME_PATTERN = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})$/;

export type DateTimeParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** Splits `YYYY-MM-DD?HH:mm:ss` matched by `pattern` into checked parts, or undefined. */
export function matchDateTimeParts(value: string, pattern: RegExp): DateTimeParts | undefined {
  const match = pattern.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { year, month, day, hour, minute, second };
}

/** Parses `YYYY-MM-DDTHH:mm:ss` as local time; any other string throws an 'unexpected format' error. */
export function parseDateTimeString(value: string): Date {
  const parts = matchDateTimeParts(value, DATE_TIME_PATTERN);
  if (!parts) throw new Error(`unexpected format: ${JSON.stringify(value)} is not YYYY-MM-DDTHH:mm:ss`);
  const date = new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  // new Date(y, …) maps years 0–99 to 1900–1999.
  if (parts.year < 100) date.setFullYear(parts.year);
  return date;
}
