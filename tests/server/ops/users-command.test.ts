/**
 * The operator's account commands on the real schema (PGlite here; `npm run test:server:pg` runs the same file
 * on PostgreSQL): each change and its audit row together, bad input refused with a sentence, a disabled account
 * refused at sign-in and its tokens ended. The command line itself is run once, as an operator would.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccount,
  disableAccount,
  enableAccount,
  resetPassword,
  setRole,
  UsersCommandError,
  type Context,
} from '#server/ops/users/commands.ts';
import { ROOT } from '../../../scripts/lib/server-process.mjs';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

let t: TestApp;
let context: Context;

beforeAll(async () => {
  t = await startTestApp();
  context = { db: t.db, actor: 'ops@test', publicUrl: 'https://portal.example.md' };
});
afterAll(async () => {
  await t.close();
});

const audit = (email: string) =>
  t.db.selectFrom('account_audit').selectAll().where('email', '=', email).orderBy('id').execute();

describe('npm run users', () => {
  it('adds a warehouse clerk without a password, with a one-time link that sets one', async () => {
    const added = await addAccount(context, {
      email: ' New.Clerk@Example.MD ',
      role: 'warehouse',
      warehouse: '2',
    });
    expect(added.account).toMatchObject({ email: 'new.clerk@example.md', role: 'warehouse', warehouseId: 2 });
    expect(added.link).toMatch(/^https:\/\/portal\.example\.md\/reset-pass\?token=pr_/);
    expect(
      (await t.post('/users/login', { form: { email: 'new.clerk@example.md', password: '' } })).status,
    ).not.toBe(200);
    const token = new URL(added.link).searchParams.get('token') ?? '';
    const set = await t.post('/users/forgot-password', {
      json: { token, password: 'clerk-passphrase-2', passwordConfirmation: 'clerk-passphrase-2' },
    });
    expect(set.status).toBeLessThan(300);
    const me = await t.get<{ role?: string }>('/users/me', {
      token: await t.login('new.clerk@example.md', 'clerk-passphrase-2'),
    });
    expect(me.body.role).toBe('WAREHOUSE');
    expect(await audit('new.clerk@example.md')).toMatchObject([
      { actor: 'ops@test', action: 'add', details: { role: 'warehouse', warehouseId: 2 } },
    ]);
  });

  it('refuses bad input with a sentence, and writes nothing', async () => {
    const refused = async (work: Promise<unknown>): Promise<string> => {
      const error = await work.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UsersCommandError);
      return (error as Error).message;
    };
    expect(await refused(addAccount(context, { email: 'nope', role: 'warehouse', warehouse: '1' }))).toBe(
      '--email: "nope" is not an e-mail address',
    );
    expect(await refused(addAccount(context, { email: 'a@b.md', role: 'boss' }))).toMatch(
      /--role: "boss" is not a role \(one of/,
    );
    expect(await refused(addAccount(context, { email: 'a@b.md', role: 'warehouse' }))).toMatch(
      /--warehouse is required for the role warehouse/,
    );
    expect(
      await refused(addAccount(context, { email: 'a@b.md', role: 'warehouse', warehouse: '99' })),
    ).toMatch(/there is no warehouse 99 \(warehouses: 1, 2, 3\)/);
    expect(await refused(addAccount(context, { email: 'a@b.md', role: 'user', warehouse: '-1' }))).toMatch(
      /--warehouse: "-1" is not a warehouse number/,
    );
    expect(await refused(addAccount(context, { email: 'PARTNER@demo.test', role: 'user' }))).toMatch(
      /an account with the e-mail partner@demo\.test exists already/,
    );
    expect(await refused(disableAccount(context, { email: 'nobody@demo.test' }))).toBe(
      'no account with the e-mail nobody@demo.test',
    );
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'a@b.md').execute()).toEqual([]);
    expect(
      await t.db.selectFrom('account_audit').select('id').where('email', '=', 'a@b.md').execute(),
    ).toEqual([]);
  });

  it('disables an account: no sign-in, its tokens end, its reset refused; enable lets it sign in again', async () => {
    const token = await t.login('warehouse2@demo.test');
    expect((await t.get('/users/me', { token })).status).toBe(200);
    const disabled = await disableAccount(context, {
      email: 'warehouse2@demo.test',
      reason: 'left the company',
    });
    expect(disabled.changed).toBe(true);
    expect((await t.get('/users/me', { token })).status).toBe(401);
    const login = await t.post<{ code?: string }>('/users/login', {
      form: { email: 'warehouse2@demo.test', password: 'demo1234' },
    });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('INVALID_CREDENTIALS');
    await expect(resetPassword(context, { email: 'warehouse2@demo.test' })).rejects.toThrow(/is disabled/);
    expect((await disableAccount(context, { email: 'warehouse2@demo.test' })).changed).toBe(false);

    expect((await enableAccount(context, { email: 'warehouse2@demo.test' })).changed).toBe(true);
    expect((await t.get('/users/me', { token })).status).toBe(401); // the old token stays ended
    expect((await t.get('/users/me', { token: await t.login('warehouse2@demo.test') })).status).toBe(200);
    expect((await audit('warehouse2@demo.test')).map((row) => [row.action, row.details])).toEqual([
      ['disable', { reason: 'left the company' }],
      ['enable', {}],
    ]);
  });

  it('sets a role (the sessions end) and makes a one-time reset link', async () => {
    const token = await t.login('user@demo.test');
    const changed = await setRole(context, {
      email: 'user@demo.test',
      role: 'partner-warehouse',
      warehouse: '3',
    });
    expect(changed.account).toMatchObject({ role: 'partner_warehouse', warehouseId: 3 });
    expect((await t.get('/users/me', { token })).status).toBe(401);
    const me = await t.get<{ role?: string }>('/users/me', { token: await t.login('user@demo.test') });
    expect(me.body.role).toBe('PARTNER_WAREHOUSE');
    expect((await setRole(context, { email: 'user@demo.test', role: 'partner_warehouse' })).changed).toBe(
      false,
    );
    const reset = await resetPassword(context, { email: 'user@demo.test' });
    expect(reset.link).toMatch(/reset-pass\?token=pr_/);
    expect((await audit('user@demo.test')).map((row) => row.action)).toEqual(['set-role', 'reset-password']);
  });
});

describe('the command line', () => {
  const run = (args: string[]): Promise<{ code: number | null; output: string }> =>
    new Promise((resolve) => {
      const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/ops/users/cli.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: 'memory://' },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('refuses a bad command or input before it opens a database, with the usage', async () => {
    const unknown = await run(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('unknown command "frobnicate"');
    expect(unknown.output).toContain('usage: npm run users -- <command> [options]');
    const bad = await run(['add', '--email', 'x@y.md', '--role', 'warehouse']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('refused: --warehouse is required for the role warehouse');
  }, 60_000);
});
