// The embedded outbox as the development page shows it (GET /dev/outbox; never in production).
import { ResponseCode } from '@manga/contracts';
import { toOutboxMessage, toOutboxSummary } from '#src/mappers/outbox.mapper.ts';
import type { OutboxMailRepository } from '#src/repositories/mail.repository.ts';
import { DomainError } from '#src/rules/domain.error.ts';

export class OutboxService {
  constructor(
    private readonly outbox: Pick<OutboxMailRepository, 'listOutbox' | 'findOutboxMessage'>,
    private readonly options: { timeZone: string },
  ) {}

  async listMessages() {
    return (await this.outbox.listOutbox()).map((entry) => toOutboxSummary(entry, this.options.timeZone));
  }

  async getMessage(id: string) {
    const entry = await this.outbox.findOutboxMessage(id);
    if (!entry) throw new DomainError(ResponseCode.ApiNotFound, `no such outbox message: ${id}`);
    return toOutboxMessage(entry, this.options.timeZone);
  }
}
