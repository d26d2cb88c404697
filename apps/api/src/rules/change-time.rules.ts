// When an answer changes by the clock alone (ADR 082, ADR 083): the first of the moments its parts end.

/** The earliest of `times` (epoch ms), skipping undefined ones; undefined when none is given. */
export function earliestOf(...times: (number | undefined)[]): number | undefined {
  let first: number | undefined;
  for (const at of times) if (at !== undefined && (first === undefined || at < first)) first = at;
  return first;
}
