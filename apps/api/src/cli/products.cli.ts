// `npm run products -- list [--region US|JP]`
// `npm run products -- set <id> [--price N] [--points N] [--bonus N] [--monthly-bonus N] [--tickets N]
//    [--name-en "…"] [--name-ja "…"] [--price-id price_…] [--sort N] [--active|--inactive] --reason "…"`
// `npm run products -- add <point_pack|subscription> <US|JP> --price N --points N [… as set] --reason "…"`
// The shop's products (ADR 019) through ProductService; every change goes to the audit log. Prices are
// in minor units (cents, yen). Exit code 1 on any error (nothing changed).
import { parseWholeNumber, readCommandLine, runCommand, UsageError } from '#src/cli/command-line.ts';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { AuditLogRepository } from '#src/repositories/audit-log.repository.ts';
import { SystemClock } from '#src/repositories/clock.repository.ts';
import { PaymentRepository, type ProductRow } from '#src/repositories/payment.repository.ts';
import { formatPrice } from '#src/rules/shop.rules.ts';
import { type ProductChanges, ProductService } from '#src/services/product.service.ts';

const USAGE = `Usage:
  npm run products -- list [--region US|JP]
      Lists the products (active and inactive) with their price and points.
  npm run products -- set <id> [--price N] [--points N] [--bonus N] [--monthly-bonus N] [--tickets N]
      [--name-en "…"] [--name-ja "…"] [--price-id price_…] [--sort N] [--active|--inactive] --reason "…"
      Changes a product (prices in cents or yen); new checkouts use the new values.
  npm run products -- add <point_pack|subscription> <US|JP> --price N --points N [options of set] --reason "…"
      Adds a product.
Options: --database <url> (default: MANGA_DATABASE_URL), --help`;

function describe(p: ProductRow): string {
  const extras = [
    p.bonus_point ? `+${p.bonus_point} bonus` : '',
    p.monthly_bonus_point ? `+${p.monthly_bonus_point} bonus a month` : '',
    p.premium_ticket_num ? `${p.premium_ticket_num} premium tickets` : '',
    p.provider_price_id ? `Stripe ${p.provider_price_id}` : '',
    p.active ? '' : 'INACTIVE',
  ].filter(Boolean);
  const per = p.kind === 'subscription' ? '/month' : '';
  return `${String(p.id).padStart(4)}  ${p.region}  ${p.kind.padEnd(12)}  ${formatPrice(p.price_minor, p.currency).padStart(9)}${per}  ${p.paid_point}P  ${p.name_en} / ${p.name_ja}${extras.length ? `  (${extras.join(', ')})` : ''}`;
}

async function main(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(argv, USAGE, {
    allowPositionals: true,
    options: {
      region: { type: 'string' },
      price: { type: 'string' },
      points: { type: 'string' },
      bonus: { type: 'string' },
      'monthly-bonus': { type: 'string' },
      tickets: { type: 'string' },
      'name-en': { type: 'string' },
      'name-ja': { type: 'string' },
      'price-id': { type: 'string' },
      sort: { type: 'string' },
      active: { type: 'boolean' },
      inactive: { type: 'boolean' },
      reason: { type: 'string' },
      database: { type: 'string' },
    },
  });
  if (!commandLine) return 0;
  const { values, positionals } = commandLine;
  const [command, ...rest] = positionals;
  if (command === undefined) {
    console.log(USAGE);
    return 0;
  }
  if (values.active && values.inactive) throw new UsageError('--active or --inactive, not both');
  const changes: ProductChanges = {
    price: parseWholeNumber(values.price, '--price'),
    points: parseWholeNumber(values.points, '--points'),
    bonus: parseWholeNumber(values.bonus, '--bonus'),
    monthlyBonus: parseWholeNumber(values['monthly-bonus'], '--monthly-bonus'),
    tickets: parseWholeNumber(values.tickets, '--tickets'),
    sortOrder: parseWholeNumber(values.sort, '--sort'),
    nameEn: values['name-en'],
    nameJa: values['name-ja'],
    priceId: values['price-id'],
    active: values.active ? true : values.inactive ? false : undefined,
  };
  const config = loadConfig();
  const database = createDatabase({ url: values.database ?? config.databaseUrl });
  try {
    await migrateToLatest(database.db);
    const products = new ProductService({
      store: new PaymentRepository(database.db),
      audit: new AuditLogRepository(database.db),
      clock: new SystemClock(),
    });
    if (command === 'list') {
      if (rest.length > 0) throw new UsageError('list takes no arguments');
      for (const product of await products.list(values.region)) console.log(describe(product));
    } else if (command === 'set' || command === 'add') {
      if (values.reason === undefined) throw new UsageError('--reason "…" is required');
      let product: ProductRow;
      if (command === 'set') {
        if (rest.length !== 1) throw new UsageError('set takes <id>');
        product = await products.set(parseWholeNumber(rest[0], '<id>') ?? 0, changes, values.reason);
      } else {
        const [kind, region] = rest;
        if (
          (kind !== 'point_pack' && kind !== 'subscription') ||
          (region !== 'US' && region !== 'JP') ||
          rest.length !== 2
        ) {
          throw new UsageError('add takes <point_pack|subscription> <US|JP>');
        }
        product = await products.add({ kind, region, ...changes }, values.reason);
      }
      console.log(describe(product));
    } else {
      throw new UsageError(`Unknown command "${command}"`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(() => main(process.argv.slice(2)), { usage: USAGE, failure: 'The products command failed' });
