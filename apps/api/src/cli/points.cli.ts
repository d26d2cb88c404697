// `npm run points -- grant <email> <amount> --reason "…" [--paid] [--expires-days N]`
// `npm run points -- grant-ticket <email> [--count N] [--expires-days N]`
// `npm run points -- audit`
// Operator grants (ADR 014) through OperatorGrantService, the wallet and the ledger like every other
// credit: printed here and logged (JSON on stderr). Free points expire after 90 days unless
// --expires-days says otherwise; paid points never, unless --expires-days is given; premium tickets
// after 30 days. `audit` checks the ledger against the balances and purchases. Exit code 1 on any
// error (nothing granted) or anomaly.
import { formatWireDateTime } from '@manga/contracts';
import pino from 'pino';
import { parseWholeNumber, readCommandLine, runCommand, UsageError } from '#src/cli/command-line.ts';
import { loadConfig } from '#src/config.ts';
import { createContainer, resolveSecrets } from '#src/container.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';

const USAGE = `Usage:
  npm run points -- grant <email> <amount> --reason "…" [--paid] [--expires-days N]
      Grants points: free points by default (they expire after 90 days), paid points with --paid
      (they never expire unless --expires-days is given).
  npm run points -- grant-ticket <email> [--count N] [--expires-days N]
      Grants premium tickets (1 by default), expiring after 30 days by default.
  npm run points -- audit
      Checks that the point ledger, its lots, the balances and the purchases agree.
Options: --database <url> (default: MANGA_DATABASE_URL), --help`;

async function main(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(argv, USAGE, {
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      paid: { type: 'boolean', default: false },
      'expires-days': { type: 'string' },
      count: { type: 'string' },
      database: { type: 'string' },
    },
  });
  if (!commandLine) return 0;
  const { values, positionals } = commandLine;
  const [command, email, amount, ...extra] = positionals;
  if (command === undefined) {
    console.log(USAGE);
    return 0;
  }
  const expiresDays = parseWholeNumber(values['expires-days'], '--expires-days');

  const config = loadConfig();
  const log = pino({ level: 'info', base: { cli: 'points' } }, pino.destination(2));
  const database = createDatabase({ url: values.database ?? config.databaseUrl });
  try {
    await migrateToLatest(database.db);
    const { services, repositories } = createContainer({
      config,
      secrets: await resolveSecrets(config),
      database,
      log,
    });
    const { operatorGrants } = services;
    const when = (at: number) => formatWireDateTime(new Date(at), config.wireTimeZone);
    if (command === 'audit') {
      const anomalies = await repositories.ledgerAudit.listLedgerAnomalies();
      for (const anomaly of anomalies) console.log(anomaly);
      console.log(`Ledger audit: ${anomalies.length} anomal${anomalies.length === 1 ? 'y' : 'ies'}.`);
      if (anomalies.length > 0) return 1;
    } else if (command === 'grant') {
      if (!email) throw new UsageError('Name the reader by e-mail address');
      if (amount === undefined || extra.length > 0) throw new UsageError('grant takes <email> <amount>');
      if (values.reason === undefined) throw new UsageError('--reason "…" is required');
      const points = parseWholeNumber(amount, '<amount>') ?? 0;
      const result = await operatorGrants.grantPoints({
        email,
        amount: points,
        note: values.reason,
        paid: values.paid,
        expiresDays,
      });
      console.log(
        `Granted ${points} ${values.paid ? 'paid' : 'free'} points to ${email} (user ${result.userId}), ` +
          `${result.expiresAt === null ? 'never expiring' : `expiring ${when(result.expiresAt)}`}. ` +
          `Balance: ${result.balance.paid_point} paid + ${result.balance.free_point} free.`,
      );
    } else if (command === 'grant-ticket') {
      if (!email) throw new UsageError('Name the reader by e-mail address');
      if (amount !== undefined) throw new UsageError('grant-ticket takes <email> only');
      const count = parseWholeNumber(values.count, '--count') ?? 1;
      const result = await operatorGrants.grantPremiumTickets({ email, count, expiresDays });
      console.log(
        `Granted ${count} premium ticket${count === 1 ? '' : 's'} to ${email} (user ${result.userId}), ` +
          `expiring ${when(result.expiresAt)}. Premium tickets held: ${result.held}.`,
      );
    } else {
      throw new UsageError(`Unknown command "${command}"`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(() => main(process.argv.slice(2)), { usage: USAGE, failure: 'The points command failed' });
