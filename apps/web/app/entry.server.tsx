import { PassThrough } from 'node:stream';
import { DEFAULT_LOCALE, formatWireDateTime, type Locale } from '@manga/contracts';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import { env } from './env.server.ts';
import { DocumentLocaleContext } from './i18n/document-locale.ts';
import { visitorContext } from './visitor/visitor-context.server.ts';

// React Router's default Node entry, plus the visitor's locale for screens without root data.

export const streamTimeout = 5_000;

/**
 * What the production server (server.mjs, plain JavaScript) takes from this build: the web env as
 * env.server.ts parsed it, and the wire clock for the `server_time` of its own error answers.
 */
export const productionServer = {
  env,
  serverTime: () => formatWireDateTime(new Date(), env.wireTimeZone),
};

function localeOf(loadContext: RouterContextProvider): Locale {
  try {
    return loadContext.get(visitorContext).visitor.locale;
  } catch {
    return DEFAULT_LOCALE; // the root middleware did not run (no route matched)
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <DocumentLocaleContext.Provider value={localeOf(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} />
      </DocumentLocaleContext.Provider>,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
