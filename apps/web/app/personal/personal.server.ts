import { createBatchingFetch } from '@manga/api-client';
import { READER_HEADER } from '@manga/contracts';
import { RouterContextProvider } from 'react-router';
import { env } from '#app/env.server.ts';
import { loadMyAnswer } from '#app/features/my/my-page.server.ts';
import { loadTitlePersonal } from '#app/features/title/title-page.server.ts';
import { loadTopPersonal } from '#app/features/top/top-page.server.ts';
import { type ClientConnection, clientConnectionContext } from '#app/visitor/client-connection.server.ts';
import { trustedHopHeaders } from '#app/visitor/trusted-hop.server.ts';
import { readVisitor } from '#app/visitor/visitor.ts';
import { apiFor, type ShellMeta, type VisitorState, visitorContext } from '#app/visitor/visitor-context.server.ts';
import { apiHttpFetch } from './api-http.server.ts';
import { type KeptReader, keptReaderOf, keptUntilOf } from './personal-cache.server.ts';
import { type PersonalByKind, type PersonalData, type PersonalKind, personalSlotText } from './personal-data.ts';

// The reader's personal answer of a member page (ADR 048), made by the web server beside the cached
// shell: the same API calls and view functions as the page's loader, for the reader's part only.
// Anything unusual (a session the API no longer knows, maintenance, a failed call the page cannot go
// without, a cookie to set) answers `render`: the page is then drawn whole for the reader, as before,
// and its loader does what it always did (log out, redirect, show the error).

/**
 * `reader`: whom every call's answer named (READER_HEADER, ADR 081); undefined when they did not all
 * agree. `keepUntil`: until when the answer may be kept (`keptUntilOf`, ADR 082).
 */
export type PersonalOutcome =
  | { kind: 'answer'; text: string; reader: KeptReader | undefined; keepUntil: number }
  | { kind: 'render' };

/** Fetch through `send`, noting the reader each answer names; `reader()`: the one they all named, if any. */
function notingReader(send: typeof fetch): { fetch: typeof fetch; reader(): KeptReader | undefined } {
  let named: KeptReader | undefined;
  let agreed = true;
  let answers = 0;
  return {
    fetch: async (input, init) => {
      const response = await send(input, init);
      const reader = keptReaderOf(response.headers.get(READER_HEADER));
      answers += 1;
      if (answers === 1) named = reader;
      else if (reader?.id !== named?.id || reader?.sessionEndsAt !== named?.sessionEndsAt) agreed = false;
      return response;
    },
    reader: () => (agreed ? named : undefined),
  };
}

async function dataOf(
  kind: PersonalKind,
  request: Request,
  context: RouterContextProvider,
  url: URL,
  meta: ShellMeta | undefined,
): Promise<{ data: PersonalByKind[PersonalKind]; changesAt?: number } | undefined> {
  const api = apiFor(request, context);
  switch (kind) {
    case 'top':
      return { data: await loadTopPersonal(api) };
    case 'title': {
      const titleId = Number(url.pathname.slice('/title/'.length));
      if (!meta?.episodeIds) return undefined;
      const { personal, changesAt } = await loadTitlePersonal(api, titleId, meta.episodeIds);
      return { data: personal, changesAt };
    }
    case 'my': {
      const { page, changesAt } = await loadMyAnswer(request, context, url);
      // A section the API refused is drawn by the loader (it may mean more than a failed call).
      const sections = [page.wallet, page.continueReading, page.followed, page.purchased];
      const failed =
        sections.some((section) => section.status === 'failed') || page.activity.comments.status === 'failed';
      return failed ? undefined : { data: page, changesAt };
    }
  }
}

/** The personal answer of `kind` for the reader of `request`, as the text of the shell's slot, or `render`. */
export async function personalAnswer(
  kind: PersonalKind,
  request: Request,
  connection: ClientConnection,
  meta: ShellMeta | undefined,
): Promise<PersonalOutcome> {
  const context = new RouterContextProvider();
  context.set(clientConnectionContext, connection);
  const sent = notingReader(apiHttpFetch);
  const state: VisitorState = {
    visitor: readVisitor(request.headers, env),
    setCookies: [],
    hopHeaders: await trustedHopHeaders(connection),
    // The answer's calls, made together, go to the API as one request (ADR 075).
    apiFetch: createBatchingFetch(env.apiUrl, sent.fetch),
  };
  if (!state.visitor.isLoggedIn) return { kind: 'render' };
  context.set(visitorContext, state);
  const url = new URL(request.url);
  try {
    const made = await dataOf(kind, request, context, url, meta);
    if (made === undefined || state.setCookies.length > 0) return { kind: 'render' };
    const answer = { kind, path: url.pathname, data: made.data } as PersonalData;
    return {
      kind: 'answer',
      text: personalSlotText(answer),
      reader: sent.reader(),
      keepUntil: keptUntilOf(answer, made.changesAt),
    };
  } catch {
    return { kind: 'render' };
  }
}
