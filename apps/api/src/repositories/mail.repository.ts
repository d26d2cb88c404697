// Outgoing mail behind an adapter (architecture habit 2, ADR 007): SMTP through nodemailer when
// MANGA_SMTP_URL is set, otherwise the embedded outbox, which writes every message to
// <data>/outbox as <id>.eml (what would have been sent) plus <id>.json (its index entry).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, ADR 065). */
  headers?: Readonly<Record<string, string>>;
}

export interface MailRepository {
  /** Sends (or stores) one message; resolves once the server or the outbox accepted it. */
  send(message: MailMessage): Promise<{ id: string }>;
  close(): Promise<void>;
}

export class SmtpMailRepository implements MailRepository {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<{ id: string }> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    return { id: String(info.messageId ?? '') };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  /** Epoch milliseconds. */
  createdAt: number;
  text: string;
  html: string;
  headers?: Readonly<Record<string, string>>;
}

const OUTBOX_ID = /^[0-9]{13}-[0-9a-f]{12}$/;

export class OutboxMailRepository implements MailRepository {
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly directory: string,
    private readonly from: string,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: MailMessage): Promise<{ id: string }> {
    const createdAt = this.now();
    const id = `${String(createdAt).padStart(13, '0')}-${randomBytes(6).toString('hex')}`;
    const info = await this.composer.sendMail({ from: this.from, ...message, date: new Date(createdAt) });
    mkdirSync(this.directory, { recursive: true });
    const entry: OutboxEntry = { id, createdAt, ...message };
    // Written under a temporary name and renamed, so a reader never sees half a message.
    this.writeAtomically(`${id}.eml`, info.message as Buffer);
    this.writeAtomically(`${id}.json`, `${JSON.stringify(entry)}\n`);
    return { id };
  }

  /** Newest first. */
  async listOutbox(): Promise<OutboxEntry[]> {
    let names: string[];
    try {
      names = readdirSync(this.directory);
    } catch {
      return []; // no mail yet
    }
    const ids = names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => OUTBOX_ID.test(id))
      .sort()
      .reverse();
    return ids.flatMap((id) => this.readEntry(id) ?? []);
  }

  async findOutboxMessage(id: string): Promise<OutboxEntry | undefined> {
    return OUTBOX_ID.test(id) ? this.readEntry(id) : undefined;
  }

  async close(): Promise<void> {}

  private readEntry(id: string): OutboxEntry | undefined {
    try {
      return JSON.parse(readFileSync(join(this.directory, `${id}.json`), 'utf8')) as OutboxEntry;
    } catch {
      return undefined;
    }
  }

  private writeAtomically(name: string, content: string | Buffer): void {
    const temporary = join(this.directory, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    writeFileSync(temporary, content);
    renameSync(temporary, join(this.directory, name));
  }
}
