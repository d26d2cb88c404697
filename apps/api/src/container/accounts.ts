// Wiring of accounts, sessions, e-mail flows and consent (ADR 007).
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import { isRedisReady } from '#src/db/redis.ts';
import { AccountActivityRepository } from '#src/repositories/account-activity.repository.ts';
import { ChallengeRepository } from '#src/repositories/challenge.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import { ConsentRepository } from '#src/repositories/consent.repository.ts';
import type { CryptoRepository } from '#src/repositories/crypto.repository.ts';
import { DeviceRepository } from '#src/repositories/device.repository.ts';
import { EmailTokenRepository } from '#src/repositories/email-token.repository.ts';
import { FailoverThrottleEventRepository } from '#src/repositories/failover-throttle-event.repository.ts';
import { type MailRepository, OutboxMailRepository, SmtpMailRepository } from '#src/repositories/mail.repository.ts';
import { type PasswordHashCost, PasswordHasherRepository } from '#src/repositories/password-hasher.repository.ts';
import { RedisThrottleEventRepository } from '#src/repositories/redis-throttle-event.repository.ts';
import { SessionRepository } from '#src/repositories/session.repository.ts';
import { ThrottleEventRepository } from '#src/repositories/throttle-event.repository.ts';
import { TransactionRepository } from '#src/repositories/transaction.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { AccountService } from '#src/services/account.service.ts';
import { AccountMailer } from '#src/services/account-mailer.service.ts';
import { AppUserService } from '#src/services/app-user.service.ts';
import { BootService } from '#src/services/boot.service.ts';
import { ConsentService } from '#src/services/consent.service.ts';
import { EmailLinkService } from '#src/services/email-link.service.ts';
import { LoginThrottle } from '#src/services/login-throttle.service.ts';
import { MailThrottle } from '#src/services/mail-throttle.service.ts';
import { OutboxService } from '#src/services/outbox.service.ts';
import type { OutcomeEvents } from '#src/services/outcome-events.service.ts';
import { ReadingSettingService } from '#src/services/reading-setting.service.ts';
import type { RequestSignatureService } from '#src/services/request-signature.service.ts';
import { SessionService } from '#src/services/session.service.ts';

export function createAccountServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  crypto: CryptoRepository;
  redis: Redis | null;
  passwordHashCost: PasswordHashCost | undefined;
  mail: MailRepository | undefined;
  log: FastifyBaseLogger | undefined;
  users: UserRepository;
  signatures: RequestSignatureService;
  events: OutcomeEvents;
}) {
  const { config, database, clock, crypto, users } = options;
  const outbox = new OutboxMailRepository(config.outboxDir, config.mailFrom, () => clock.now());
  const repositories = {
    sessions: new SessionRepository(database.db),
    emailTokens: new EmailTokenRepository(database.db),
    consents: new ConsentRepository(database.db),
    devices: new DeviceRepository(database.db),
    challenges: new ChallengeRepository(database.db),
    activity: new AccountActivityRepository(database.db),
    transactions: new TransactionRepository(database.db),
    throttleEvents: throttleEventsOf(options.redis, database, options.log),
    passwords: new PasswordHasherRepository(options.passwordHashCost),
    outbox,
    mail: options.mail ?? (config.smtpUrl ? new SmtpMailRepository(config.smtpUrl, config.mailFrom) : outbox),
  };
  const mailer = new AccountMailer(repositories.mail, config.webPublicUrl, options.events);
  const throttle = new LoginThrottle(repositories.throttleEvents, (v) => crypto.sha256(v), clock, {
    failuresBeforeDelay: config.loginFailuresBeforeDelay,
    clientFailuresBeforeDelay: config.loginClientFailuresBeforeDelay,
    maxDelayMs: config.loginMaxDelayMs,
    windowMs: config.loginFailureWindowMs,
  });
  const mailLimits = new MailThrottle(
    repositories.throttleEvents,
    (v) => crypto.sha256(v),
    clock,
    {
      maxPerAddress: config.mailMaxPerAddress,
      maxPerClient: config.mailMaxPerClient,
      windowMs: config.mailLimitWindowMs,
    },
    options.events,
  );
  const sessions = new SessionService(
    {
      sessions: repositories.sessions,
      users,
      transactions: repositories.transactions,
      hasher: repositories.passwords,
      throttle,
      signatures: options.signatures,
      crypto,
      clock,
    },
    { ttlMs: config.sessionTtlMs, deviceLimit: config.deviceLimit },
  );
  const services = {
    sessions,
    accounts: new AccountService({
      users,
      sessionStore: repositories.sessions,
      devices: repositories.devices,
      links: new EmailLinkService(
        { emailTokens: repositories.emailTokens, transactions: repositories.transactions, mailer, crypto, clock },
        { signupTokenTtlMs: config.signupTokenTtlMs, passwordTokenTtlMs: config.passwordTokenTtlMs },
      ),
      challenges: repositories.challenges,
      transactions: repositories.transactions,
      hasher: repositories.passwords,
      throttle,
      mailLimits,
      mailer,
      sessions,
      crypto,
      clock,
    }),
    consent: new ConsentService(users, repositories.consents, clock),
    readingSettings: new ReadingSettingService({ users, sessions: repositories.sessions, clock }),
    appUsers: new AppUserService({
      users,
      devices: repositories.devices,
      challenges: repositories.challenges,
      emailTokens: repositories.emailTokens,
      transactions: repositories.transactions,
      mailer,
      crypto,
      clock,
    }),
    boot: new BootService(users, repositories.activity, clock, { timeZone: config.wireTimeZone }),
    outbox: new OutboxService(outbox, { timeZone: config.wireTimeZone }),
  };
  return { repositories, services };
}

/** Throttle events in Redis when configured, in the database while it is away (ADR 022), else in the database. */
function throttleEventsOf(redis: Redis | null, database: DatabaseHandle, log: FastifyBaseLogger | undefined) {
  const inDatabase = new ThrottleEventRepository(database.db);
  if (!redis) return inDatabase;
  return new FailoverThrottleEventRepository(
    new RedisThrottleEventRepository(redis),
    inDatabase,
    () => isRedisReady(redis),
    (error) => log?.warn({ err: error }, 'Redis did not answer a throttle call; counted in the database'),
  );
}
