// The reader's reading settings (issue 28, ADR 044): private reading, a switch kept with the account
// under which the viewer records nothing (ViewerService reads it from the request's AuthUser), and
// the name of this session's device, which "continue reading" shows beside the place left.
import { deviceNameOf } from '@manga/contracts';
import type { SessionRepository } from '#src/repositories/session.repository.ts';
import type { UserRepository } from '#src/repositories/user.repository.ts';
import { type RequestAuth, requireActiveUser, requireWebSession } from '#src/rules/auth.rules.ts';

export interface ReadingSettingServiceDeps {
  users: Pick<UserRepository, 'updateUser'>;
  sessions: Pick<SessionRepository, 'findSessionById' | 'updateSessionDeviceName'>;
  clock: { now(): number };
}

export class ReadingSettingService {
  constructor(private readonly deps: ReadingSettingServiceDeps) {}

  /** GET /user/reading_setting */
  getReadingSetting(auth: RequestAuth) {
    const user = requireActiveUser(auth);
    return { private_reading: user.privateReading ? 1 : 0, device_name: user.deviceName ?? '' };
  }

  /** POST /user/private_reading: turns private reading on (1) or off (0) for the whole account. */
  async setPrivateReading(auth: RequestAuth, privateReading: 0 | 1) {
    const user = requireActiveUser(auth);
    await this.deps.users.updateUser(user.userId, {
      private_reading: privateReading,
      updated_at: this.deps.clock.now(),
    });
    return { private_reading: privateReading, device_name: user.deviceName ?? '' };
  }

  /** POST /user/device_name: names this session's device; "" goes back to the name its browser gives. */
  async nameDevice(auth: RequestAuth, deviceName: string) {
    const user = requireWebSession(auth);
    const session = await this.deps.sessions.findSessionById(user.sessionId);
    const name = deviceName === '' ? deviceNameOf(session?.user_agent ?? '') : deviceName;
    await this.deps.sessions.updateSessionDeviceName(user.sessionId, name);
    return { private_reading: user.privateReading ? 1 : 0, device_name: name };
  }
}
