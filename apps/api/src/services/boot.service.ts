// GET /app/boot: what the app shows on start (product §3 "App data"; ADR 007).
import { formatWireDateTime, ResponseCode } from '@manga/contracts';
import { toAppBootResponse } from '#src/mappers/boot.mapper.ts';
import type { AccountActivityRepository } from '#src/repositories/account-activity.repository.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { type RequestAuth, requireActiveUser } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export class BootService {
  constructor(
    private readonly users: Pick<UserRepository, 'findUserById'>,
    private readonly activity: AccountActivityRepository,
    private readonly clock: ClockRepository,
    private readonly options: { timeZone: string },
  ) {}

  async getBoot(auth: RequestAuth) {
    const { userId } = requireActiveUser(auth);
    const user = await this.users.findUserById(userId);
    if (!user) throw new DomainError(ResponseCode.UserNotExist);
    const now = this.clock.now();
    const [accountPoint, lastPaidAt, weeklyViewTitleCount, bonus] = await Promise.all([
      this.activity.sumPointBalance(userId),
      this.activity.findLastPaidPaymentAt(userId),
      this.activity.countViewedTitlesSince(userId, now - 7 * DAY_MS),
      this.activity.findLatestLoginBonus(userId),
    ]);
    // A run of login-bonus days counts while its last day is today or yesterday (wire time zone).
    const day = (at: number) => formatWireDateTime(new Date(at), this.options.timeZone).slice(0, 10);
    const running = bonus !== undefined && (bonus.bonus_date === day(now) || bonus.bonus_date === day(now - DAY_MS));
    return toAppBootResponse({
      createdAt: user.created_at,
      now,
      lastPaidAt,
      accountPoint,
      weeklyViewTitleCount,
      daysInARow: running ? bonus.days_in_row : 0,
      timeZone: this.options.timeZone,
    });
  }
}
