import {
  WEB_BATCH_MAX_CALLS,
  WEB_BATCH_MAX_PATH_LENGTH,
  WEB_BATCH_PATH,
  type WebBatchAnswer,
  WebBatchResponseSchema,
} from '@manga/contracts';
import { HASH_HEADER } from './api-client.ts';
import { joinUrl } from './request-params.ts';

// A fetch that sends the GET calls made together to the API at `baseUrl` as one POST /web/batch
// (ADR 075), and hands each caller a Response exactly as its call alone would have had: the same
// status, body and Retry-After. "Together" is one turn of the event loop (the calls a loader starts
// with Promise.all). Anything else (another method, another origin, a body, keepalive, an abort
// signal) and a call alone go out as they are. Make one per visitor's request: a batch carries the
// headers of its calls, so only calls with the very same headers (their signatures aside) share one.

interface Queued {
  path: string;
  hash: string | undefined;
  url: string;
  init: RequestInit;
  resolve(response: Response): void;
  reject(error: unknown): void;
}

/** Statuses whose answers carry no body (a Response refuses one). */
const BODYLESS_STATUSES = new Set([204, 205, 304]);

/**
 * A Response whose body is text already read (an answer taken off the wire by the web server's own
 * HTTP client, or a call's answer out of a batch): `text()` and `json()` give it at once, without the
 * body stream and decoder a Response builds over its body (about a twentieth of the web server's CPU
 * on a logged-in page); any other way of reading the body gets a real one, made when asked.
 */
function textResponse(text: string, init: ResponseInit): Response {
  const response = new Response(null, init);
  const real = () =>
    new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  return Object.defineProperties(response, {
    text: { value: () => Promise.resolve(text) },
    json: { value: () => Promise.resolve().then(() => JSON.parse(text)) },
    body: { get: () => real().body },
    arrayBuffer: { value: () => real().arrayBuffer() },
    blob: { value: () => real().blob() },
    clone: { value: () => textResponse(text, init) },
  });
}

/** A Response with `status`, `headers` and the body `text`, dropped where the status allows none, as a fetch would give. */
export function answerResponse(status: number, text: string, headers: Headers): Response {
  return BODYLESS_STATUSES.has(status)
    ? new Response(null, { status, headers })
    : textResponse(text, { status, headers });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A call's answer as the batch carried it: its JSON text and its Retry-After. */
function callAnswer(status: number, body: string, retryAfter: string | null | undefined): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  if (retryAfter) headers.set('retry-after', retryAfter);
  return answerResponse(status, body, headers);
}

export function createBatchingFetch(
  baseUrl: string,
  send: typeof fetch = globalThis.fetch.bind(globalThis),
): typeof fetch {
  const prefix = joinUrl(baseUrl, '');
  let queue: Queued[] = [];
  let scheduled = false;

  async function sendAlone(call: Queued): Promise<void> {
    try {
      call.resolve(await send(call.url, call.init));
    } catch (error) {
      call.reject(error);
    }
  }

  async function sendBatch(calls: Queued[], headers: Headers): Promise<void> {
    headers.set('content-type', 'application/json');
    headers.set('accept', 'application/json');
    let response: Response;
    let text: string;
    try {
      response = await send(joinUrl(baseUrl, WEB_BATCH_PATH), {
        method: 'POST',
        headers,
        body: JSON.stringify({
          calls: calls.map(({ path, hash }) => (hash === undefined ? { path } : { path, hash })),
        }),
      });
      text = await response.text();
    } catch (error) {
      for (const call of calls) call.reject(error);
      return;
    }
    const parsed = response.ok ? WebBatchResponseSchema.safeParse(parseJson(text)) : undefined;
    const answers = parsed?.success && parsed.data.answers.length === calls.length ? parsed.data.answers : undefined;
    if (!answers) {
      // The batch itself refused (maintenance, a limit): each call is answered with that refusal.
      const refusal = callAnswer(response.status, text, response.headers.get('retry-after'));
      for (const call of calls) call.resolve(refusal.clone());
      return;
    }
    calls.forEach((call, index) => {
      const answer = answers[index] as WebBatchAnswer;
      call.resolve(callAnswer(answer.status, answer.body, answer.retry_after?.toString()));
    });
  }

  function flush(): void {
    scheduled = false;
    const calls = queue;
    queue = [];
    // Calls with the same headers (their signatures aside) go together, at most WEB_BATCH_MAX_CALLS at a time.
    const groups = new Map<string, { headers: Headers; calls: Queued[] }>();
    for (const call of calls) {
      const headers = new Headers(call.init.headers);
      headers.delete(HASH_HEADER);
      const key = JSON.stringify([...headers]);
      const group = groups.get(key) ?? { headers, calls: [] };
      group.calls.push(call);
      groups.set(key, group);
    }
    for (const { headers, calls: grouped } of groups.values()) {
      for (let at = 0; at < grouped.length; at += WEB_BATCH_MAX_CALLS) {
        const chunk = grouped.slice(at, at + WEB_BATCH_MAX_CALLS);
        if (chunk.length === 1 && chunk[0]) void sendAlone(chunk[0]);
        else void sendBatch(chunk, new Headers(headers));
      }
    }
  }

  return (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url?.startsWith(prefix) ? `/${url.slice(prefix.length)}` : undefined;
    if (
      url === undefined ||
      path === undefined ||
      method !== 'GET' ||
      init.body != null ||
      init.keepalive ||
      init.signal ||
      path.length > WEB_BATCH_MAX_PATH_LENGTH ||
      path.startsWith(WEB_BATCH_PATH)
    ) {
      return send(input, init);
    }
    return new Promise<Response>((resolve, reject) => {
      const hash = new Headers(init.headers).get(HASH_HEADER) ?? undefined;
      queue.push({ path, hash, url, init, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  };
}
