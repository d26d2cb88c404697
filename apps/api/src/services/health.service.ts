export interface DatabasePing {
  ping(): Promise<void>;
}

export class HealthService {
  constructor(private readonly database: DatabasePing) {}

  /** Ready when the database answers; the reason is logged by the caller, never sent. */
  async checkReadiness(): Promise<{ ready: true } | { ready: false; error: unknown }> {
    try {
      await this.database.ping();
      return { ready: true };
    } catch (error) {
      return { ready: false, error };
    }
  }
}
