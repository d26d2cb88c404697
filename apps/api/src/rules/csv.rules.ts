// CSV as RFC 4180 writes it (ADR 072): no CSV library is a dependency, and the one rule is small.
// A field holding a comma, a double quote, a CR or LF is quoted, its quotes doubled. A field that a
// spreadsheet would run as a formula (=, +, -, @, tab or CR first) gets a leading apostrophe, so a
// title name cannot become a formula in the analyst's spreadsheet (OWASP "CSV injection"); numbers
// are written as numbers.

/** One field, quoted when it must be. */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text, each line ended by CRLF. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
