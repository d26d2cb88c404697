// Cross-site request forgery (ADR 028, docs/security.md): a state-changing call that carries cookies
// must come from one of the configured web origins or the API's own (contracts' crossSiteRefusal).
// Checked on arrival, before the body is read or anything runs: 403 / 1001, nothing changed.
import { crossSiteRefusal, ResponseCode } from '@manga/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '#src/rules/domain.error.ts';

export interface RequestOriginPluginOptions {
  /** Serialised origins a browser may post from: MANGA_WEB_ORIGIN's and MANGA_PUBLIC_API_URL's. */
  allowedOrigins: readonly string[];
}

function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

export default fp(
  async function requestOriginPlugin(app: FastifyInstance, options: RequestOriginPluginOptions) {
    app.addHook('onRequest', async (request) => {
      const refusal = crossSiteRefusal(
        {
          method: request.method,
          origin: headerOf(request.headers.origin),
          secFetchSite: headerOf(request.headers['sec-fetch-site']),
          carriesCookies: Boolean(request.headers.cookie),
        },
        options.allowedOrigins,
      );
      if (refusal) throw new DomainError(ResponseCode.InvalidParameter, refusal, 403);
    });
  },
  { name: 'request-origin' },
);
