// `npm run operator -- add|remove <email>` and `npm run operator -- list`: the operator role (ADR 013).
// Only someone with access to the server's configuration (its database) can make an operator.
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { SystemClock } from '#src/repositories/clock.repository.ts';
import { CommentTransactionRepository } from '#src/repositories/comment-transaction.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import { isDomainError } from '#src/services/domain-error.ts';
import { OperatorService } from '#src/services/operator.service.ts';

const USAGE = 'usage: npm run operator -- add <email> | remove <email> | list';
const [action, email] = process.argv.slice(2);
if (!((action === 'add' || action === 'remove') && email) && action !== 'list') {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = createDatabase({ url: config.databaseUrl });
try {
  await migrateToLatest(database.db);
  const operators = new OperatorService(
    new UserRoleRepository(database.db),
    new UserRepository(database.db),
    new CommentTransactionRepository(database.db),
    new SystemClock(),
  );
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
} catch (error) {
  if (!isDomainError(error)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
