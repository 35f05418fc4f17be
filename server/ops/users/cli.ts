/**
 * `npm run users -- <command> [options]`: the operator's account commands (server/ops/users/commands.ts) on the
 * database the server uses (--database-url / DATABASE_URL, else --data-dir / DATA_DIR / `.data`). On the
 * embedded database, the server must be stopped (one process owns a data directory).
 * Exit codes: 0 done (or nothing to change), 2 refused input, 1 anything else.
 */
import { hostname, userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { DataDirInUseError } from '../../db/data-dir-lock.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import {
  addAccount,
  checkInput,
  disableAccount,
  enableAccount,
  resetPassword,
  setRole,
  UsersCommandError,
  type AccountSummary,
  type Context,
} from './commands.ts';

const USAGE = `usage: npm run users -- <command> [options]

commands:
  add            --email E --role R [--warehouse N] [--name "Full Name"]   new account; prints a link to set its password
  disable        --email E [--reason "why"]                             no sign-in; its tokens stop working at once
  enable         --email E                                              undo disable (the old tokens stay ended)
  set-role       --email E --role R [--warehouse N]                     new role; the account signs in again
  reset-password --email E                                              prints a one-time link to set a new password

roles: user, partner, warehouse, partner_warehouse (staff roles need --warehouse, the warehouse they work at)
every command: [--by NAME] (the audit's actor; default the system user@host)
               [--data-dir DIR | --database-url URL] [--public-url https://…] (the links' origin; default PUBLIC_URL)`;

const COMMANDS = ['add', 'disable', 'enable', 'set-role', 'reset-password'] as const;
type Command = (typeof COMMANDS)[number];

function describe(account: AccountSummary): string {
  const warehouse = account.warehouseId === null ? '' : `, warehouse ${account.warehouseId}`;
  const disabled = account.disabledAt === null ? '' : `, disabled since ${account.disabledAt.toISOString()}`;
  return `${account.email} (id ${account.id}): ${account.role}${warehouse}${disabled}`;
}

function defaultActor(): string {
  let user = process.env.SUDO_USER ?? '';
  if (user === '') {
    try {
      user = userInfo().username;
    } catch {
      user = 'unknown';
    }
  }
  return `${user}@${hostname()}`;
}

interface Options {
  email?: string | undefined;
  role?: string | undefined;
  warehouse?: string | undefined;
  name?: string | undefined;
  reason?: string | undefined;
}

async function run(command: Command, values: Options, context: Context): Promise<void> {
  switch (command) {
    case 'add': {
      const done = await addAccount(context, {
        email: values.email,
        role: values.role,
        warehouse: values.warehouse,
        name: values.name,
      });
      console.log(`added ${describe(done.account)}`);
      console.log(`one-time link to set the password (until ${done.expiresAt.toISOString()}):\n${done.link}`);
      return;
    }
    case 'disable': {
      const done = await disableAccount(context, { email: values.email, reason: values.reason });
      console.log(
        `${done.changed ? 'disabled' : 'already disabled, nothing changed:'} ${describe(done.account)}`,
      );
      return;
    }
    case 'enable': {
      const done = await enableAccount(context, { email: values.email });
      console.log(`${done.changed ? 'enabled' : 'not disabled, nothing changed:'} ${describe(done.account)}`);
      return;
    }
    case 'set-role': {
      const done = await setRole(context, {
        email: values.email,
        role: values.role,
        warehouse: values.warehouse,
      });
      console.log(`${done.changed ? 'role set:' : 'already so, nothing changed:'} ${describe(done.account)}`);
      return;
    }
    case 'reset-password': {
      const done = await resetPassword(context, { email: values.email });
      console.log(`one-time link for ${describe(done.account)} (until ${done.expiresAt.toISOString()}):`);
      console.log(done.link);
      return;
    }
  }
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        warehouse: { type: 'string' },
        name: { type: 'string' },
        reason: { type: 'string' },
        by: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        'public-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    console.log(USAGE);
    return 0;
  }
  const command = positionals[0];
  if (positionals.length !== 1 || !(COMMANDS as readonly string[]).includes(command ?? '')) {
    console.error(
      `${command === undefined ? 'no command given' : `unknown command ${JSON.stringify(positionals.join(' '))}`}\n\n${USAGE}`,
    );
    return 2;
  }
  try {
    checkInput(command as Command, values);
  } catch (error) {
    if (error instanceof UsersCommandError) {
      console.error(`refused: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? '.data';
  const publicUrl = (values['public-url'] ?? process.env.PUBLIC_URL ?? 'http://127.0.0.1:8080').replace(
    /\/+$/,
    '',
  );
  let database;
  try {
    database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir, purpose: 'users' });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  try {
    await migrateToLatest(database.db);
    const actor = values.by?.trim() || defaultActor();
    await run(command as Command, values, { db: database.db, actor, publicUrl });
    return 0;
  } catch (error) {
    if (error instanceof UsersCommandError) {
      console.error(`refused: ${error.message}`);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
