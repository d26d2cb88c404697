// Maintenance mode (product §8 code 1098): on by configuration, or switched at run time through the
// `maintenance` setting so that every API process follows without a restart.
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { SettingRepository } from '#src/repositories/setting.repository.ts';

const SETTING_KEY = 'maintenance';
const CACHE_MS = 2_000;

export class MaintenanceService {
  private cached: { on: boolean; readAt: number } | undefined;

  constructor(
    private readonly settings: SettingRepository,
    private readonly clock: ClockRepository,
    private readonly forcedByConfig: boolean,
  ) {}

  /** True only when maintenance is known to be off without a read (the last answer is fresh). */
  knownOff(): boolean {
    if (this.forcedByConfig || !this.cached || this.cached.on) return false;
    const age = this.clock.now() - this.cached.readAt;
    return age >= 0 && age < CACHE_MS;
  }

  async isOn(): Promise<boolean> {
    if (this.forcedByConfig) return true;
    const now = this.clock.now();
    if (this.cached && now - this.cached.readAt < CACHE_MS) return this.cached.on;
    return this.readNow();
  }

  /** Reads the setting now (the revision streams' poll, ADR 078), and keeps the answer as isOn does. */
  async readNow(): Promise<boolean> {
    if (this.forcedByConfig) return true;
    const now = this.clock.now();
    const row = await this.settings.findSetting(SETTING_KEY);
    const on = row ? parseEnabled(row.value) : false;
    this.cached = { on, readAt: now };
    return on;
  }

  async setMaintenance(on: boolean): Promise<void> {
    await this.settings.upsertSetting(SETTING_KEY, JSON.stringify({ enabled: on }), this.clock.now());
    this.cached = { on, readAt: this.clock.now() };
  }
}

function parseEnabled(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && (parsed as { enabled?: unknown }).enabled === true;
  } catch {
    return false; // a malformed setting must not take the service down
  }
}
