// Request-signature check (architecture §4) in one of three modes: enforce (reject), report (log, serve), off.
import { parseBirthdayCookie, ResponseCode } from '@manga/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SignatureMode } from '#src/config.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import type { RequestSignatureService } from '#src/services/request-signature.service.ts';

export interface SignaturePluginOptions {
  mode: SignatureMode;
  cookiePrefix: string;
  verifier: RequestSignatureService;
}

const headerValue = (request: FastifyRequest, ...names: string[]) => {
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
};

/** The headers each kind of client signs its requests in (wire §2): web (either name), Ciao Plus, app. */
export const SIGNATURE_HEADERS = {
  web: ['x-manga-hash', 'x-kmanga-hash'],
  ciao: ['x-bambi-hash'],
  app: ['x-mgpk-hash'],
} as const;

export default fp(
  async function signaturePlugin(app: FastifyInstance, options: SignaturePluginOptions) {
    if (options.mode === 'off') return;
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config?.signature === false || request.is404) return;
      const cookies = request.cookies ?? {};
      // Third-party clients send the unprefixed name; our web app sends the prefixed one.
      const birthday = parseBirthdayCookie(cookies[`${options.cookiePrefix}birthday`] ?? cookies.birthday);
      const verdict = await options.verifier.verify({
        params: request.sentParams,
        headers: {
          web: headerValue(request, ...SIGNATURE_HEADERS.web),
          ciao: headerValue(request, ...SIGNATURE_HEADERS.ciao),
          app: headerValue(request, ...SIGNATURE_HEADERS.app),
        },
        birthday,
      });
      if (verdict === 'valid') return;
      if (options.mode === 'enforce') {
        throw new DomainError(ResponseCode.InvalidParameter, `request signature ${verdict}`);
      }
      request.log.debug({ verdict }, 'Request signature not valid (report mode)');
    });
  },
  { name: 'signature', dependencies: ['client-context'] },
);
