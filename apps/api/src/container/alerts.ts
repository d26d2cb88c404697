// Wiring of new-chapter alerts (issue 28, ADR 065).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import { ChapterAlertRepository } from '#src/repositories/chapter-alert.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { CryptoRepository } from '#src/repositories/crypto.repository.ts';
import type { MailRepository } from '#src/repositories/mail.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { ChapterAlertService, SEND_CHAPTER_ALERTS } from '#src/services/chapter-alert.service.ts';
import type { EntitlementService } from '#src/services/entitlement.service.ts';
import type { JobScheduler } from '#src/services/job-scheduler.service.ts';
import type { OutcomeEvents } from '#src/services/outcome-events.service.ts';

/** New-chapter alerts (issue 28, ADR 065): the mail switch, the bell and the SendChapterAlerts job. */
export function createChapterAlertServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  crypto: CryptoRepository;
  mailLinkSecret: string;
  mail: MailRepository;
  users: UserRepository;
  entitlement: EntitlementService;
  jobs: JobScheduler;
  log: FastifyBaseLogger | undefined;
  events: OutcomeEvents;
}) {
  const { config, crypto, mailLinkSecret } = options;
  const repositories = { chapterAlerts: new ChapterAlertRepository(options.database.db) };
  const chapterAlerts = new ChapterAlertService(
    {
      alerts: repositories.chapterAlerts,
      users: options.users,
      mail: options.mail,
      ageAccess: options.entitlement,
      clock: options.clock,
      sign: (value) => crypto.hmac(mailLinkSecret, value),
      safeEqual: (a, b) => crypto.safeEqual(a, b),
      events: options.events,
    },
    {
      webPublicUrl: config.webPublicUrl,
      timeZone: config.wireTimeZone,
      log: options.log?.child({ service: 'alerts' }),
    },
  );
  options.jobs.register({
    name: SEND_CHAPTER_ALERTS,
    intervalMs: config.chapterAlertIntervalMs,
    shouldRunAtStart: () => chapterAlerts.hasDueAlerts(),
    handle: () => chapterAlerts.handleSendChapterAlerts(),
  });
  return { repositories, services: { chapterAlerts } };
}
