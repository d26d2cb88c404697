// `npm run operator -- add|remove <email>` and `npm run operator -- list`: the operator role (ADR 013).
// Only someone with access to the server's configuration (its database) can make an operator.
import { readCommandLine, runCommand, UsageError } from '#src/cli/command-line.ts';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { SystemClock } from '#src/repositories/clock.repository.ts';
import { CommentTransactionRepository } from '#src/repositories/comment-transaction.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import { OperatorService } from '#src/services/operator.service.ts';

const USAGE = 'Usage: npm run operator -- add <email> | remove <email> | list';

async function main(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(argv, USAGE, { allowPositionals: true, options: {} });
  if (!commandLine) return 0;
  const [action, ...rest] = commandLine.positionals;
  const email = rest[0];
  if (action === 'add' || action === 'remove') {
    if (rest.length !== 1) throw new UsageError(`${action} takes one e-mail address`);
  } else if (action === 'list') {
    if (rest.length > 0) throw new UsageError('list takes no arguments');
  } else {
    throw new UsageError(action === undefined ? 'Give an action' : `Unknown action "${action}"`);
  }
  const config = loadConfig();
  const database = createDatabase({ url: config.databaseUrl });
  try {
    await migrateToLatest(database.db);
    const operators = new OperatorService({
      roles: new UserRoleRepository(database.db),
      users: new UserRepository(database.db),
      transactions: new CommentTransactionRepository(database.db),
      clock: new SystemClock(),
    });
    if (action === 'list') {
      const holders = await operators.listOperators();
      if (holders.length === 0) console.log('no operators');
      for (const holder of holders) {
        const since = new Date(holder.created_at).toISOString();
        console.log(
          `${holder.email ?? `(user ${holder.user_id})`}\tuser ${holder.user_id}\t${holder.status}\tsince ${since}`,
        );
      }
    } else if (action === 'add') {
      const { user, changed } = await operators.grantOperator(email as string);
      console.log(changed ? `${user.email} is now an operator` : `${user.email} already is an operator`);
    } else {
      const { user, changed } = await operators.revokeOperator(email as string);
      console.log(changed ? `${user.email} is no longer an operator` : `${user.email} was not an operator`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(() => main(process.argv.slice(2)), { usage: USAGE, failure: 'The operator command failed' });
