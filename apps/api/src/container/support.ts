// Wiring of support, the shop (issue 26, ADR 063) and the figures (ADR 072) in the console.
import type { Config } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/database.ts';
import type { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { DeviceRepository } from '#src/repositories/device.repository.ts';
import { FiguresRepository } from '#src/repositories/figures.repository.ts';
import type { PaymentRepository } from '#src/repositories/payment.repository.ts';
import type { PurchaseRepository } from '#src/repositories/purchase.repository.ts';
import type { SessionRepository } from '#src/repositories/session.repository.ts';
import { SupportRepository } from '#src/repositories/support.repository.ts';
import { SupportTransactionRepository } from '#src/repositories/support-transaction.repository.ts';
import type { TicketRepository } from '#src/repositories/ticket.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import type { WalletRepository } from '#src/repositories/wallet.repository.ts';
import { FIGURES_SLOT_MS } from '#src/rules/figures.rules.ts';
import { FiguresService } from '#src/services/figures.service.ts';
import type { OperatorGrantService } from '#src/services/operator-grant.service.ts';
import { ProductService } from '#src/services/product.service.ts';
import type { StaffService } from '#src/services/staff.service.ts';
import { SupportService } from '#src/services/support.service.ts';

/**
 * Support and the shop in the console (issue 26, ADR 063): a reader looked up and helped, grants
 * through OperatorGrantService; the shop's products through the ProductService of `npm run products`.
 */
export function createSupportServices(options: {
  config: Config;
  database: DatabaseHandle;
  clock: ClockRepository;
  staff: StaffService;
  grants: OperatorGrantService;
  users: UserRepository;
  sessions: SessionRepository;
  devices: DeviceRepository;
  wallets: WalletRepository;
  tickets: TicketRepository;
  purchases: PurchaseRepository;
  payments: PaymentRepository;
  auditLog: AuditLogRepository;
}) {
  const support = new SupportRepository(options.database.db);
  const { users, sessions, devices, wallets, tickets, purchases, payments } = options;
  const services = {
    support: new SupportService({
      staff: options.staff,
      sources: {
        listReadersByEmailPrefix: (prefix, limit) => support.listReadersByEmailPrefix(prefix, limit),
        findUserById: (id) => users.findUserById(id),
        listOpenLots: (userId) => wallets.listOpenLots(userId),
        listLedgerEntries: (userId, window) => wallets.listLedgerEntries(userId, window),
        listUsablePremiumTickets: (userId, now) => tickets.listUsablePremiumTickets(userId, now),
        listPurchasesOfUser: (userId, limit, offset) => support.listPurchasesOfUser(userId, limit, offset),
        listTicketMovements: (userId, now, offset, limit) => tickets.listTicketMovements(userId, now, offset, limit),
        listEpisodeLabels: (ids) => purchases.listEpisodeLabels(ids),
        listLiveSubscriptions: (userId) => payments.listLiveSubscriptions(userId),
        findProduct: (id) => payments.findProduct(id),
        listActiveSessions: (userId, now) => sessions.listActiveSessions(userId, now),
        listDevicesByUser: (userId) => devices.listDevicesByUser(userId),
      },
      grants: options.grants,
      transactions: new SupportTransactionRepository(options.database.db),
      clock: options.clock,
      timeZone: options.config.wireTimeZone,
    }),
    products: new ProductService({ store: payments, audit: options.auditLog, clock: options.clock }),
    figures: new FiguresService({
      staff: options.staff,
      figures: new FiguresRepository(options.database.db, FIGURES_SLOT_MS),
      timeZone: options.config.wireTimeZone,
    }),
  };
  return { services };
}
