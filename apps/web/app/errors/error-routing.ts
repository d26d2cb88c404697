import { ResponseCode } from '@manga/contracts';

// Where errors send the visitor (product §4, §8). Pure: used by loaders on the server and by the
// error boundary in the browser.

export const MAINTENANCE_PATH = '/maintenance';

/**
 * strict: every API error becomes an error page; no-maintenance-check: every error except
 * maintenance (for pages that must render during maintenance); disabled: errors are swallowed.
 */
export type ApiErrorMode = 'strict' | 'no-maintenance-check' | 'disabled';

export function errorPagePath(code: number): string {
  return `/error/${code}`;
}

/** Whether an error with this code is handled (true) or swallowed (false) in `mode`. */
export function isHandledInMode(code: number, mode: ApiErrorMode): boolean {
  switch (mode) {
    case 'strict':
      return true;
    case 'no-maintenance-check':
      return code !== ResponseCode.ServerMaintenance;
    case 'disabled':
      return false;
  }
}

/**
 * Where a handled error goes: maintenance to /maintenance; any other code to /error/{code},
 * except in local development (`errorRedirect` false), where it stays on the page (undefined).
 */
export function errorDestination(code: number, errorRedirect: boolean): string | undefined {
  if (code === ResponseCode.ServerMaintenance) return MAINTENANCE_PATH;
  return errorRedirect ? errorPagePath(code) : undefined;
}

/** 'Page Not Found: {full path}' (product §2). */
export function notFoundMessage(fullPath: string): string {
  return `Page Not Found: ${fullPath}`;
}
