import { responseCodeOf } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { data, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { type ApiErrorMode, errorDestination, isHandledInMode } from './error-routing.ts';

/** What an error page's loader data holds when the error stays on the page (local development). */
export interface ApiErrorData {
  responseCode: number;
}

/**
 * Handles a failed API call in a loader or action (product §4, §8): swallowed when `mode` says so
 * (returns undefined, logged), else thrown as a redirect to /maintenance or /error/{code}, or in
 * local development as an error response for the error boundary of the page that made the call.
 */
export function handleApiError(error: unknown, mode: ApiErrorMode = 'strict'): undefined {
  const code = responseCodeOf(error);
  if (!isHandledInMode(code, mode)) {
    console.warn(`API error ${code} ignored (${mode} mode): ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const destination = errorDestination(code, env.errorRedirect);
  if (destination) throw redirect(destination);
  const body: ApiErrorData = { responseCode: code };
  throw data(body, { status: code === ResponseCode.ServerMaintenance ? 503 : 500 });
}
