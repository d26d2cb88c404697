// buildApp({ config }) is what main.ts and the tests call: one Fastify instance with every plugin and route.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { isRequestId, originsOf, REQUEST_ID_HEADER } from '@manga/contracts';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '#src/config.ts';
import { type Container, createContainer, resolveSecrets } from '#src/container.ts';
import { createDatabase, type DatabaseHandle } from '#src/db/database.ts';
import { createRedisClient } from '#src/db/redis.ts';
import { HitReplayer, hotImageReplays, responseCacheReplays, writesRequestLine } from '#src/http/hit-replay.http.ts';
import { REDACTED, REDACTED_LOG_PATHS, redactUrl } from '#src/http/log-redaction.http.ts';
import { responseSerializerCompiler } from '#src/http/response-serializer.http.ts';
import authPlugin from '#src/plugins/auth.plugin.ts';
import clientContextPlugin, { clientFamilyOf } from '#src/plugins/client-context.plugin.ts';
import envelopePlugin, { answerClientError } from '#src/plugins/envelope.plugin.ts';
import maintenancePlugin from '#src/plugins/maintenance.plugin.ts';
import metricsPlugin from '#src/plugins/metrics.plugin.ts';
import requestOriginPlugin from '#src/plugins/request-origin.plugin.ts';
import responseCachePlugin, { CACHE_STATUS_HEADER } from '#src/plugins/response-cache.plugin.ts';
import securityHeadersPlugin from '#src/plugins/security-headers.plugin.ts';
import shutdownPlugin from '#src/plugins/shutdown.plugin.ts';
import signaturePlugin from '#src/plugins/signature.plugin.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { MailRepository } from '#src/repositories/mail.repository.ts';
import type { PasswordHashCost } from '#src/repositories/password-hasher.repository.ts';
import { registerRoutes } from '#src/routes/index.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open database; when omitted, buildApp opens config.databaseUrl and closes it with the app. */
  database?: DatabaseHandle;
  clock?: ClockRepository;
  logger?: FastifyServerOptions['logger'];
  /** Mail adapter override (tests); by default SMTP when configured, else the outbox. */
  mail?: MailRepository;
  /** argon2id cost override (tests). */
  passwordHashCost?: PasswordHashCost;
  /** List the hidden routes (`/ops/*`) in the OpenAPI document too: the api-client check only (ADR 034). */
  documentHiddenRoutes?: boolean;
  /** Encode every answer as well and require the same value as its forward check (tests; ADR 079). */
  crossCheckAnswers?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    container: Container;
    /** Cached hits answered before the pipeline (ADR 077). */
    hitReplayer: HitReplayer;
  }
}

/** Logger options: request ids on every line, secrets redacted (architecture habit 10). */
export function loggerOptions({
  level,
  pretty = false,
}: {
  level: string;
  pretty?: boolean;
}): FastifyServerOptions['logger'] {
  return {
    level,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
    redact: { paths: [...REDACTED_LOG_PATHS], censor: REDACTED },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        // Account links carry single-use tokens, signed image URLs their `sig`, app calls `hash_key`.
        url: redactUrl(req.url),
        id: req.id,
      }),
    },
  };
}

/**
 * The one line logged per request, when it ends: method, URL (secrets redacted), status, time taken
 * and whether the response cache answered. Nothing that identifies the reader (ADR 015).
 */
export function requestLogLine(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/** The web server's id for the page it draws (issue 25), else one of ours. */
function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return isRequestId(sent) ? sent : randomUUID();
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createDatabase({ url: config.databaseUrl }));

  // The container exists once the app does; the parser's own errors read its clock lazily.
  let clockNow = () => Date.now();
  const app = Fastify({
    // Errors of Node's HTTP parser (a URL or headers over 16 KB, a malformed request line) answer in
    // the envelope too (1001), not as a bare status line (ADR 015).
    clientErrorHandler: (error, socket) =>
      answerClientError(error, socket, { timeZone: config.wireTimeZone, now: () => clockNow() }),
    logger: options.logger ?? loggerOptions({ level: config.logLevel }),
    // One line per request, written when it ends (`requestLogLine`), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // The nearest N hops only, never `true`: X-Forwarded-For entries a client wrote itself are not believed.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // Requests arriving while the app closes get the envelope from shutdown.plugin.ts instead.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ crossCheck: options.crossCheckAnswers }));

  const redis = config.redisUrl ? createRedisClient(config.redisUrl, app.log) : null;
  const container = createContainer({
    config,
    secrets: await resolveSecrets(config),
    database,
    clock: options.clock,
    redis,
    mail: options.mail,
    passwordHashCost: options.passwordHashCost,
    log: app.log,
  });
  clockNow = () => container.clock.now();
  app.decorate('container', container);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });

  // The request line holds only the fields requestLogLine picks (the URL already redacted), so it is
  // written by a child without the wildcard redaction paths, which cost more than the rest of the line.
  const accessLog = app.log.child({}, { redact: [] } as object);
  app.addHook('onResponse', (request, reply, done) => {
    // Routes logged at warn and above (images) write no request line.
    if (writesRequestLine(request.log.level)) {
      accessLog.info({ reqId: request.id, ...requestLogLine(request, reply) }, 'request');
    }
    done();
  });

  app.addHook('onClose', async () => {
    // The scheduled jobs (started by main.ts) stop, and runs in progress finish, before the database goes.
    await container.services.jobs.stop();
    await container.repositories.mail.close();
    redis?.disconnect();
    await container.repositories.storage.close();
    await container.repositories.catalogueRevisionChannel?.close();
    if (ownsDatabase) await database.close();
  });

  // First, so that its onResponse hook counts every answer, refusals by later plugins included.
  await app.register(metricsPlugin, {
    port: config.metricsPort,
    host: config.metricsHost,
    database,
    jobs: container.services.jobs,
    hotImages: container.services.hotImages,
    catalogueRevision: container.services.catalogueRevision,
    events: container.services.events,
  });
  // Images are embedded by the web origin, so they must be loadable cross-origin.
  await app.register(securityHeadersPlugin, {
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // HSTS only where the service is meant to be reached over HTTPS (not plain-HTTP development).
    hsts: config.secureCookies ? undefined : false,
  });
  await app.register(fastifyCors, { origin: [...config.webOrigins], credentials: true });
  await app.register(fastifyCookie);
  // wire §1.6: POST bodies are form-encoded; JSON and text bodies are refused with 415.
  app.removeAllContentTypeParsers();
  await app.register(fastifyFormbody);
  // While Redis is away the unknown-path limit lets requests through rather than fail them (ADR 022).
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis, skipOnError: true } : {}) });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Manga service API',
        description: 'Wire-compatible with the K MANGA / Magapoke API family (see docs/reference/wire.md).',
        version: '1.0.0',
      },
    },
    transform: options.documentHiddenRoutes
      ? (document) =>
          jsonSchemaTransform({ ...document, schema: document.schema && { ...document.schema, hide: false } })
      : jsonSchemaTransform,
  });
  await app.register(envelopePlugin, {
    timeZone: config.wireTimeZone,
    now: () => container.clock.now(),
    notFoundPerMinute: config.notFoundRateLimitPerMinute,
  });
  await app.register(shutdownPlugin);
  // Before anything reads the body or acts: a cross-site call that carries cookies is refused (ADR 028).
  await app.register(requestOriginPlugin, { allowedOrigins: originsOf([...config.webOrigins, config.publicApiUrl]) });
  await app.register(clientContextPlugin, {
    defaultLocale: config.defaultLocale,
    cookiePrefix: config.cookiePrefix,
    addresses: container.services.clientAddresses,
  });
  await app.register(maintenancePlugin, { maintenance: container.services.maintenance });
  await app.register(signaturePlugin, {
    mode: config.signatureMode,
    cookiePrefix: config.cookiePrefix,
    verifier: container.services.requestSignature,
  });
  await app.register(authPlugin, { cookiePrefix: config.cookiePrefix, sessions: container.services.sessions });
  await app.register(responseCachePlugin, { cache: container.services.responseCache });
  await app.register(registerRoutes);

  // Hits answered again before the pipeline (ADR 077), counted and logged as onResponse does.
  const replayer = new HitReplayer({
    sources: [
      responseCacheReplays(container.services.responseCache, (req, params) =>
        clientFamilyOf(req, params, undefined, config.defaultLocale),
      ),
      hotImageReplays(container.services.images),
    ],
    maintenanceKnownOff: () => container.services.maintenance.knownOff(),
    requestIdOf,
    answered: (req, requestId, replay, ms) => {
      const cache = replay.headers[CACHE_STATUS_HEADER];
      app.metrics.answered({ route: replay.route, method: 'GET', status: 200 }, ms / 1000, cache);
      if (replay.logged) {
        const line = { method: 'GET', url: redactUrl(req.url ?? '/'), status: 200, ms: Math.round(ms * 10) / 10 };
        accessLog.info({ reqId: requestId, ...line }, 'request');
      }
    },
  });
  if (container.services.responseCache.enabled || container.services.hotImages.enabled) {
    replayer.serveBefore(app.server);
  }
  app.decorate('hitReplayer', replayer);
  app.addHook('preClose', async () => replayer.stop());
  await app.ready();
  return app;
}
