// GET /loginbonus (ADR 014): the daily calendar. The first call of a local day (MANGA_WIRE_TIMEZONE)
// claims that day's reward: free points through the wallet and, on day 7, a premium ticket, in one
// transaction with the claim row, whose primary key (reader, day) makes concurrent calls claim once.
import { type LoginBonusQuery, PointReason } from '@manga/contracts';
import { toLoginBonusResponse } from '#src/mappers/login-bonus.mapper.ts';
import type { LoginBonusRow, NewLoginBonus } from '#src/repositories/login-bonus.repository.ts';
import { type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import {
  daysInRowAfter,
  LOGIN_BONUS_TICKET_LIFETIME_MS,
  loginBonusCalendarOf,
  rewardFor,
} from '#src/rules/login-bonus.rules.ts';
import { FREE_POINT_LIFETIME_MS } from '#src/rules/wallet.rules.ts';
import { addDays, wireDate, wireDayBounds } from '#src/rules/wire-calendar.rules.ts';
import { TICKET_SOURCE, type TicketService, type TicketStore } from '#src/services/ticket.service.ts';
import type { WalletService, WalletStore } from '#src/services/wallet.service.ts';

export interface LoginBonusStore {
  findLoginBonus(userId: number, bonusDate: string): Promise<LoginBonusRow | undefined>;
  insertLoginBonus(row: NewLoginBonus): Promise<boolean>;
}

export interface LoginBonusStores {
  wallet: WalletStore;
  tickets: Pick<TicketStore, 'insertPremiumTickets'>;
  loginBonuses: LoginBonusStore;
}

export interface LoginBonusTransactions {
  run<T>(work: (stores: LoginBonusStores) => Promise<T>): Promise<T>;
}

export interface LoginBonusServiceOptions {
  transactions: LoginBonusTransactions;
  /** The claims, read outside a transaction (the calendar's view). */
  loginBonuses: Pick<LoginBonusStore, 'findLoginBonus'>;
  wallet: WalletService;
  tickets: Pick<TicketService, 'grantPremiumTicketsIn'>;
  clock: { now(): number };
  timeZone: string;
  log?: { info(details: object, message: string): void };
}

export class LoginBonusService {
  constructor(private readonly options: LoginBonusServiceOptions) {}

  /**
   * GET /web/loginbonus (ours, ADR 058): the calendar as it stands, claiming nothing: today's day
   * marked received once claimed, else the day a claim today would be. The web shows it and offers
   * the claim; GET /loginbonus stays the one that claims.
   */
  async viewLoginBonus(auth: RequestAuth) {
    const user = requireActiveUser(auth);
    const now = this.options.clock.now();
    const today = wireDate(now, this.options.timeZone);
    // Reads only: a view (every /my page) takes no wallet lock and opens no write transaction.
    const { loginBonuses, wallet } = this.options;
    const [balance, claimed] = await Promise.all([
      wallet.getBalance(user.userId, now),
      loginBonuses.findLoginBonus(user.userId, today),
    ]);
    const account_point = balance.paid_point + balance.free_point;
    if (claimed) {
      return {
        loginbonus_list: [toLoginBonusResponse(claimed, loginBonusCalendarOf(claimed.days_in_row), false)],
        account_point,
      };
    }
    const daysInRow = daysInRowAfter(await loginBonuses.findLoginBonus(user.userId, addDays(today, -1)));
    const reward = rewardFor(daysInRow);
    const next = { days_in_row: daysInRow, point: reward.point, premium_ticket_num: reward.premium_ticket_num };
    return {
      loginbonus_list: [toLoginBonusResponse(next, loginBonusCalendarOf(daysInRow), false, false)],
      account_point,
    };
  }

  /** When the calendar's day (what a view answers, what a claim counts for) turns to the next (ADR 083). */
  currentDayEndsAt(): number {
    const { clock, timeZone } = this.options;
    return wireDayBounds(wireDate(clock.now(), timeZone), timeZone).end;
  }

  /** GET /loginbonus: claims today's reward once, then answers the calendar and the balance. */
  async claimLoginBonus(auth: RequestAuth, _query: LoginBonusQuery) {
    const user = requireActiveUser(auth);
    const now = this.options.clock.now();
    const today = wireDate(now, this.options.timeZone);
    const result = await this.options.transactions.run(async (stores) => {
      const wallet = await this.options.wallet.open(stores.wallet, user.userId, now);
      const claimed = await stores.loginBonuses.findLoginBonus(user.userId, today);
      if (claimed) return { day: claimed, receivedNow: false, accountPoint: wallet.total() };
      const yesterday = await stores.loginBonuses.findLoginBonus(user.userId, addDays(today, -1));
      const daysInRow = daysInRowAfter(yesterday);
      const reward = rewardFor(daysInRow);
      const day: NewLoginBonus & LoginBonusRow = {
        user_id: user.userId,
        bonus_date: today,
        days_in_row: daysInRow,
        point: reward.point,
        premium_ticket_num: reward.premium_ticket_num,
        created_at: now,
      };
      if (!(await stores.loginBonuses.insertLoginBonus(day))) {
        const winner = await stores.loginBonuses.findLoginBonus(user.userId, today);
        return { day: winner ?? day, receivedNow: false, accountPoint: wallet.total() };
      }
      if (reward.point > 0) {
        await wallet.credit({
          kind: 'free',
          amount: reward.point,
          reason: PointReason.LoginBonus,
          referenceType: 'login_bonus',
          referenceId: today,
          expiresAt: now + FREE_POINT_LIFETIME_MS.loginBonus,
          idempotencyKey: `login_bonus:${user.userId}:${today}`,
        });
      }
      if (reward.premium_ticket_num > 0) {
        await this.options.tickets.grantPremiumTicketsIn(
          stores.tickets,
          {
            userId: user.userId,
            count: reward.premium_ticket_num,
            source: TICKET_SOURCE.LoginBonus,
            expiresAt: now + LOGIN_BONUS_TICKET_LIFETIME_MS,
          },
          now,
        );
      }
      return { day, receivedNow: true, accountPoint: wallet.total() };
    });
    if (result.receivedNow) {
      this.options.log?.info({ userId: user.userId, date: today, days: result.day.days_in_row }, 'Login bonus claimed');
    }
    return {
      loginbonus_list: [
        toLoginBonusResponse(result.day, loginBonusCalendarOf(result.day.days_in_row), result.receivedNow),
      ],
      account_point: result.accountPoint,
    };
  }
}
