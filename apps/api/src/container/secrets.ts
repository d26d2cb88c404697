// The secrets the app and the command-line tools read or generate (ADR 015).
import type { Config } from '#src/config.ts';
import { SecretFileRepository } from '#src/repositories/secret-file.repository.ts';

/** Secrets as configured or generated in the data directory (app.ts, ADR 015). */
export interface AppSecrets {
  imageUrlSecret: string;
  /** Proves the web server's CLIENT_ADDRESS_HEADER. */
  proxySecret: string;
  /** Keys commenters' pseudonymous tags (ADR 013). */
  commenterTagSecret: string;
  /** Signs and verifies payment webhooks: Stripe's endpoint secret, or the test provider's (ADR 019). */
  paymentWebhookSecret: string;
  /** Signs the alert mail's unsubscribe links (ADR 065). */
  mailLinkSecret: string;
}

/**
 * Configured secrets, else the ones generated once in the data directory (ADR 015): the app and the
 * command-line tools that build a container resolve them alike.
 */
export async function resolveSecrets(config: Config): Promise<AppSecrets> {
  const files = new SecretFileRepository(config.secretsDir);
  return {
    imageUrlSecret: config.imageUrlSecret ?? (await files.readOrCreateSecret('image-url-secret')),
    proxySecret: config.proxySecret ?? (await files.readOrCreateSecret('proxy-secret')),
    commenterTagSecret: config.commenterTagSecret ?? (await files.readOrCreateSecret('commenter-tag-secret')),
    paymentWebhookSecret: config.stripe?.webhookSecret ?? (await files.readOrCreateSecret('payment-webhook-secret')),
    mailLinkSecret: config.mailLinkSecret ?? (await files.readOrCreateSecret('mail-link-secret')),
  };
}
