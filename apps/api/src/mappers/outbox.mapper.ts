// Outbox entries → GET /dev/outbox shapes (development only).
import { formatWireDateTime, type OutboxMessageSummary } from '@manga/contracts';
import type { OutboxEntry } from '#src/repositories/mail.repository.ts';

export function toOutboxSummary(entry: OutboxEntry, timeZone: string): OutboxMessageSummary {
  return {
    id: entry.id,
    to: entry.to,
    subject: entry.subject,
    created_at: formatWireDateTime(new Date(entry.createdAt), timeZone),
  };
}

export function toOutboxMessage(entry: OutboxEntry, timeZone: string) {
  return { ...toOutboxSummary(entry, timeZone), text: entry.text, html: entry.html };
}
