// `npm run operator -- add|remove <email> --role <role>` and `npm run operator -- list [--role <role>]`:
// staff roles (ADR 042). Only someone with access to the server's configuration (its database) can
// run it, which is how the first admin is made; every change is written to the audit log.
import { isStaffRole, STAFF_ROLES, type StaffRole } from '@manga/contracts';
import { readCommandLine, runCommand, UsageError } from '#src/cli/command-line.ts';
import { loadConfig } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { migrateToLatest } from '#src/db/migrator.ts';
import { SystemClock } from '#src/repositories/clock.repository.ts';
import { CommentTransactionRepository } from '#src/repositories/comment-transaction.repository.ts';
import { UserRepository } from '#src/repositories/user.repository.ts';
import { UserRoleRepository } from '#src/repositories/user-role.repository.ts';
import { StaffService } from '#src/services/staff.service.ts';

const ROLES = STAFF_ROLES.join('|');
const USAGE = `Usage: npm run operator -- add <email> --role <${ROLES}> | remove <email> --role <role> | list [--role <role>]
Options: --database <url> (default: MANGA_DATABASE_URL), --help`;

function roleOption(value: string | undefined, required: boolean): StaffRole | undefined {
  if (value === undefined) {
    if (required) throw new UsageError(`Give --role (${ROLES})`);
    return undefined;
  }
  if (!isStaffRole(value)) throw new UsageError(`Unknown role "${value}": one of ${ROLES}`);
  return value;
}

async function main(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(argv, USAGE, {
    allowPositionals: true,
    options: { role: { type: 'string' }, database: { type: 'string' } },
  });
  if (!commandLine) return 0;
  const [action, ...rest] = commandLine.positionals;
  const email = rest[0] as string;
  if (action === 'add' || action === 'remove') {
    if (rest.length !== 1) throw new UsageError(`${action} takes one e-mail address`);
  } else if (action === 'list') {
    if (rest.length > 0) throw new UsageError('list takes no arguments');
  } else {
    throw new UsageError(action === undefined ? 'Give an action' : `Unknown action "${action}"`);
  }
  const role = roleOption(commandLine.values.role, action !== 'list');
  const config = loadConfig();
  const database = createDatabase({ url: commandLine.values.database ?? config.databaseUrl });
  try {
    await migrateToLatest(database.db);
    const staff = new StaffService(
      {
        roles: new UserRoleRepository(database.db),
        users: new UserRepository(database.db),
        transactions: new CommentTransactionRepository(database.db),
        clock: new SystemClock(),
      },
      { timeZone: config.wireTimeZone },
    );
    if (action === 'list') {
      let listed = 0;
      for (const listedRole of role ? [role] : STAFF_ROLES) {
        for (const holder of await staff.listRoleHolders(listedRole)) {
          const since = new Date(holder.created_at).toISOString();
          const who = holder.email ?? `(user ${holder.user_id})`;
          console.log(`${listedRole}\t${who}\tuser ${holder.user_id}\t${holder.status}\tsince ${since}`);
          listed += 1;
        }
      }
      if (listed === 0) console.log(role ? `no ${role}` : 'no staff');
    } else if (action === 'add') {
      const { user, changed } = await staff.grantByCommandLine(email, role as StaffRole);
      console.log(changed ? `${user.email} is now ${role}` : `${user.email} already is ${role}`);
    } else {
      const { user, changed } = await staff.revokeByCommandLine(email, role as StaffRole);
      console.log(changed ? `${user.email} is no longer ${role}` : `${user.email} was not ${role}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(() => main(process.argv.slice(2)), { usage: USAGE, failure: 'The operator command failed' });
