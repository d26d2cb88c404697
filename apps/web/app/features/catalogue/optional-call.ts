import { responseCodeOf } from '@manga/api-client';

/**
 * A call whose failure only hides the block it feeds: undefined instead of the answer, logged once
 * with the call and what goes on without it (`where`: "the title page", "the last page" …).
 */
export async function optionalCall<T>(call: Promise<T>, what: string, where: string): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    console.warn(`${what} failed with ${responseCodeOf(error)}; ${where} goes on without it`);
    return undefined;
  }
}
