/**
 * The operator's account commands (docs/adr/0134-operator-account-commands.md), until a back office exists: add
 * an account, disable or enable it, change its role, make a one-time password link. Each checks its input and
 * refuses with a sentence saying what is wrong, and writes the change and an `account_audit` row in one
 * transaction. `server/ops/users/cli.ts` is the command line (`npm run users`).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { ROLES, roleOf, type Role } from '../../auth/roles.ts';
import type { DB } from '../../db/schema.ts';
import { issueToken } from '../../domain/account/one-time-tokens.ts';
import { isUnstorable } from '../../http/storable-text.ts';

/** Input an operator must fix; the command line prints the message and exits with 2. */
export class UsersCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsersCommandError';
  }
}

/** No scrypt hash has this form, so no password matches it until the owner sets one through the link. */
export const NO_PASSWORD_YET = '!no-password-yet';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ROLE_FLAGS: Record<Role, { is_warehouse: boolean; is_partner: boolean }> = {
  user: { is_warehouse: false, is_partner: false },
  partner: { is_warehouse: false, is_partner: true },
  warehouse: { is_warehouse: true, is_partner: false },
  partner_warehouse: { is_warehouse: true, is_partner: true },
};
const STAFF: readonly Role[] = ['warehouse', 'partner_warehouse'];

export interface Context {
  db: Kysely<DB>;
  /** Who runs the command (written to the audit). */
  actor: string;
  /** The origin of the links the command prints. */
  publicUrl: string;
}

export interface AccountSummary {
  id: number;
  email: string;
  role: Role;
  warehouseId: number | null;
  disabledAt: Date | null;
}

export function parseEmail(value: string | undefined): string {
  const email = value?.trim().toLowerCase() ?? '';
  if (email === '') throw new UsersCommandError('--email is required');
  if (email.length > 254 || !EMAIL.test(email) || isUnstorable(email))
    throw new UsersCommandError(`--email: ${JSON.stringify(value)} is not an e-mail address`);
  return email;
}

export function parseRole(value: string | undefined): Role {
  if (value === undefined || value.trim() === '') throw new UsersCommandError('--role is required');
  const role = value.trim().toLowerCase().replace(/-/g, '_');
  if (!(ROLES as readonly string[]).includes(role))
    throw new UsersCommandError(
      `--role: ${JSON.stringify(value)} is not a role (one of ${ROLES.join(', ')})`,
    );
  return role as Role;
}

export function parseWarehouse(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value.trim()))
    throw new UsersCommandError(`--warehouse: ${JSON.stringify(value)} is not a warehouse number`);
  return Number(value.trim());
}

export function parseName(value: string | undefined, email: string): string {
  const name = value?.trim() ?? email.slice(0, email.indexOf('@'));
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (name === '' || name.length > 200 || isUnstorable(name) || /[\u0000-\u001f\u007f]/.test(name))
    throw new UsersCommandError('--name: 1 to 200 printable characters');
  return name;
}

/**
 * The checks that need no database, run before one is opened (a typo is refused at once): the same functions
 * the commands call again.
 */
export function checkInput(
  command: 'add' | 'disable' | 'enable' | 'set-role' | 'reset-password',
  input: Partial<AddInput>,
): void {
  const email = parseEmail(input.email);
  if (command !== 'add' && command !== 'set-role') return;
  const role = parseRole(input.role);
  const warehouseId = parseWarehouse(input.warehouse);
  if (command === 'add') {
    parseName(input.name, email);
    staffNeedWarehouse(role, warehouseId);
  }
}

async function warehouseMustExist(db: Kysely<DB> | Transaction<DB>, id: number): Promise<void> {
  const found = await db.selectFrom('warehouses').select('id').where('id', '=', id).executeTakeFirst();
  if (found === undefined) {
    const known = await db.selectFrom('warehouses').select(['id', 'name']).orderBy('id').execute();
    const list = known.map((row) => `${row.id}`).join(', ');
    throw new UsersCommandError(`--warehouse: there is no warehouse ${id} (warehouses: ${list || 'none'})`);
  }
}

function staffNeedWarehouse(role: Role, warehouseId: number | null | undefined): void {
  if (STAFF.includes(role) && (warehouseId === undefined || warehouseId === null))
    throw new UsersCommandError(`--warehouse is required for the role ${role} (the warehouse they work at)`);
}

async function findAccount(db: Kysely<DB> | Transaction<DB>, email: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'is_warehouse', 'is_partner', 'warehouse_id', 'disabled_at'])
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
  if (row === undefined) throw new UsersCommandError(`no account with the e-mail ${email}`);
  return row;
}

function summary(row: {
  id: number;
  email: string;
  is_warehouse: boolean;
  is_partner: boolean;
  warehouse_id: number | null;
  disabled_at: Date | null;
}): AccountSummary {
  return {
    id: row.id,
    email: row.email,
    role: roleOf(row.is_warehouse, row.is_partner),
    warehouseId: row.warehouse_id,
    disabledAt: row.disabled_at,
  };
}

async function audit(
  trx: Transaction<DB>,
  context: Context,
  action: 'add' | 'disable' | 'enable' | 'set-role' | 'reset-password',
  account: { id: number; email: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  await trx
    .insertInto('account_audit')
    .values({
      actor: context.actor,
      action,
      user_id: account.id,
      email: account.email,
      details: JSON.stringify(details),
    })
    .execute();
}

export interface AddInput {
  email: string | undefined;
  role: string | undefined;
  warehouse?: string | undefined;
  name?: string | undefined;
}

/** A new account without a password, confirmed (the operator vouches for it), and a link to set one. */
export async function addAccount(
  context: Context,
  input: AddInput,
): Promise<{ account: AccountSummary; link: string; expiresAt: Date }> {
  const email = parseEmail(input.email);
  const role = parseRole(input.role);
  const warehouseId = parseWarehouse(input.warehouse);
  const name = parseName(input.name, email);
  staffNeedWarehouse(role, warehouseId);
  return context.db.transaction().execute(async (trx) => {
    if (warehouseId !== undefined) await warehouseMustExist(trx, warehouseId);
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email)
      .executeTakeFirst();
    if (existing !== undefined)
      throw new UsersCommandError(`an account with the e-mail ${email} exists already (id ${existing.id})`);
    const row = await trx
      .insertInto('users')
      .values({
        email,
        password_hash: NO_PASSWORD_YET,
        full_name: name,
        ...ROLE_FLAGS[role],
        warehouse_id: warehouseId ?? null,
        email_confirmed: true,
      })
      .returning(['id', 'email', 'is_warehouse', 'is_partner', 'warehouse_id', 'disabled_at'])
      .executeTakeFirstOrThrow();
    const issued = await issueToken(trx, {
      kind: 'password_reset',
      userId: row.id,
      email: row.email,
      publicUrl: context.publicUrl,
    });
    await audit(trx, context, 'add', row, { role, warehouseId: warehouseId ?? null, name });
    return { account: summary(row), link: issued.url, expiresAt: issued.expiresAt };
  });
}

/** No sign-in, and every token of the account stops working on every process at once. */
export async function disableAccount(
  context: Context,
  input: { email: string | undefined; reason?: string | undefined },
): Promise<{ account: AccountSummary; changed: boolean }> {
  const email = parseEmail(input.email);
  return context.db.transaction().execute(async (trx) => {
    const row = await findAccount(trx, email);
    if (row.disabled_at !== null) return { account: summary(row), changed: false };
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({
        disabled_at: sql<Date>`now()`,
        session_version: eb('session_version', '+', 1),
        updated_at: sql<Date>`now()`,
      }))
      .where('id', '=', row.id)
      .returning(['id', 'email', 'is_warehouse', 'is_partner', 'warehouse_id', 'disabled_at'])
      .executeTakeFirstOrThrow();
    await audit(trx, context, 'disable', row, input.reason === undefined ? {} : { reason: input.reason });
    return { account: summary(updated), changed: true };
  });
}

export async function enableAccount(
  context: Context,
  input: { email: string | undefined },
): Promise<{ account: AccountSummary; changed: boolean }> {
  const email = parseEmail(input.email);
  return context.db.transaction().execute(async (trx) => {
    const row = await findAccount(trx, email);
    if (row.disabled_at === null) return { account: summary(row), changed: false };
    const updated = await trx
      .updateTable('users')
      .set({ disabled_at: null, updated_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .returning(['id', 'email', 'is_warehouse', 'is_partner', 'warehouse_id', 'disabled_at'])
      .executeTakeFirstOrThrow();
    await audit(trx, context, 'enable', row);
    return { account: summary(updated), changed: true };
  });
}

/** A new role (and warehouse); the account's sessions end, so its screens follow the new role at once. */
export async function setRole(
  context: Context,
  input: { email: string | undefined; role: string | undefined; warehouse?: string | undefined },
): Promise<{ account: AccountSummary; changed: boolean }> {
  const email = parseEmail(input.email);
  const role = parseRole(input.role);
  const warehouseId = parseWarehouse(input.warehouse);
  return context.db.transaction().execute(async (trx) => {
    const row = await findAccount(trx, email);
    const nextWarehouse = warehouseId ?? row.warehouse_id;
    staffNeedWarehouse(role, nextWarehouse);
    if (warehouseId !== undefined) await warehouseMustExist(trx, warehouseId);
    const before = summary(row);
    if (before.role === role && before.warehouseId === nextWarehouse)
      return { account: before, changed: false };
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({
        ...ROLE_FLAGS[role],
        warehouse_id: nextWarehouse,
        session_version: eb('session_version', '+', 1),
        updated_at: sql<Date>`now()`,
      }))
      .where('id', '=', row.id)
      .returning(['id', 'email', 'is_warehouse', 'is_partner', 'warehouse_id', 'disabled_at'])
      .executeTakeFirstOrThrow();
    await audit(trx, context, 'set-role', row, {
      from: { role: before.role, warehouseId: before.warehouseId },
      to: { role, warehouseId: nextWarehouse },
    });
    return { account: summary(updated), changed: true };
  });
}

/** A one-time link to set a new password (the earlier unused ones end); the operator hands it over. */
export async function resetPassword(
  context: Context,
  input: { email: string | undefined },
): Promise<{ account: AccountSummary; link: string; expiresAt: Date }> {
  const email = parseEmail(input.email);
  return context.db.transaction().execute(async (trx) => {
    const row = await findAccount(trx, email);
    if (row.disabled_at !== null)
      throw new UsersCommandError(
        `${email} is disabled: enable it first (npm run users -- enable --email …)`,
      );
    const issued = await issueToken(trx, {
      kind: 'password_reset',
      userId: row.id,
      email: row.email,
      publicUrl: context.publicUrl,
    });
    await audit(trx, context, 'reset-password', row, { expiresAt: issued.expiresAt.toISOString() });
    return { account: summary(row), link: issued.url, expiresAt: issued.expiresAt };
  });
}
