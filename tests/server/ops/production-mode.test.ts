/**
 * The production mode refuses unsafe defaults, naming each: checked on `loadConfig` for every rule, and on the
 * real `server/main.ts` for the two findings it answers (a token forged with the public development secret would
 * be accepted; the default 1C password would open customers' data), and for a start that passes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '#server/auth/token.ts';
import { ConfigError, DEV_JWT_SECRET, isProduction, loadConfig } from '#server/config.ts';
import { ROOT, startServer, type StartedServer } from '../../../scripts/lib/server-process.mjs';

const SAFE = {
  APP_ENV: 'production',
  JWT_SECRET: 'Zr8u1Qp0-vX2c9LmN4bT7yHs6Kd3Wf5Ae', // 33 random characters
  EXCHANGE_USER: 'one-c-exchange',
  EXCHANGE_PASSWORD: 'q7Vw2Lk9Zx4Pm8Rt',
  PAYMENT_PROVIDER: 'maib',
  MAIB_PROJECT_ID: 'project-from-maibmerchants',
  MAIB_PROJECT_SECRET: 'p'.repeat(32),
  MAIB_SIGNATURE_KEY: 'k'.repeat(32),
  SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
  PUBLIC_URL: 'https://portal.example.md',
  DATABASE_URL: 'postgres://portal@db/portal',
  SEED: 'none',
} as const;

function refusal(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const variables = (problems: string[]): string[] => problems.map((p) => p.slice(0, p.indexOf(':'))).sort();

describe('the production mode', () => {
  it('is APP_ENV=production, or NODE_ENV=production unless APP_ENV says otherwise', () => {
    expect(isProduction('production', undefined)).toBe(true);
    expect(isProduction(undefined, 'production')).toBe(true);
    expect(isProduction('development', 'production')).toBe(false);
    expect(isProduction(undefined, 'test')).toBe(false);
    expect(isProduction(undefined, undefined)).toBe(false);
    expect(loadConfig({ ...SAFE }).production).toBe(true);
    expect(loadConfig({ ...SAFE, APP_ENV: undefined, NODE_ENV: 'production' }).production).toBe(true);
    expect(loadConfig({ JWT_SECRET: 's'.repeat(32) }).production).toBe(false);
  });

  it('names every unsafe default at once', () => {
    const problems = refusal({ APP_ENV: 'production' });
    expect(variables(problems)).toEqual([
      'DATABASE_URL',
      'EXCHANGE_PASSWORD',
      'JWT_SECRET',
      'PAYMENT_PROVIDER',
      'PUBLIC_URL',
      'SEED',
      'SMTP_URL',
    ]);
    expect(variables(refusal({ NODE_ENV: 'production' }))).toEqual(variables(problems));
    expect(refusal({ APP_ENV: 'development', NODE_ENV: 'production' })).toEqual([]);
  });

  it('accepts a safe configuration, and refuses each unsafe value in it alone', () => {
    expect(refusal({ ...SAFE })).toEqual([]);
    const alone = (env: Record<string, string | undefined>): string[] =>
      variables(refusal({ ...SAFE, ...env }));
    expect(alone({ JWT_SECRET: DEV_JWT_SECRET })).toEqual(['JWT_SECRET']);
    expect(alone({ JWT_SECRET: 'ab'.repeat(20) })).toEqual(['JWT_SECRET']); // 40 characters, 2 distinct
    expect(alone({ EXCHANGE_PASSWORD: '1c-exchange' })).toEqual(['EXCHANGE_PASSWORD']);
    expect(alone({ EXCHANGE_PASSWORD: 'short-but-set' })).toEqual(['EXCHANGE_PASSWORD']);
    expect(alone({ PAYMENT_PROVIDER: 'sandbox' })).toEqual(['PAYMENT_PROVIDER']);
    expect(alone({ PAYMENT_PROVIDER: undefined })).toEqual(['PAYMENT_PROVIDER']);
    expect(alone({ SMTP_URL: '' })).toEqual(['SMTP_URL']);
    expect(alone({ PUBLIC_URL: 'http://portal.example.md' })).toEqual(['PUBLIC_URL']);
    expect(alone({ SEED: 'demo' })).toEqual(['SEED']);
    expect(alone({ DATABASE_URL: undefined })).toEqual(['DATABASE_URL']);
    expect(alone({ DATABASE_URL: undefined, ALLOW_EMBEDDED_DB: 'true' })).toEqual([]);
    expect(alone({ DATABASE_URL: undefined, ALLOW_EMBEDDED_DB: 'true', DATA_DIR: 'memory://' })).toEqual([
      'DATA_DIR',
    ]);
  });

  it('never echoes a secret in a refusal', () => {
    const secret = 'ab'.repeat(20);
    const message = refusal({ ...SAFE, JWT_SECRET: secret, EXCHANGE_PASSWORD: 'short-but-set' }).join('\n');
    expect(message).not.toContain(secret);
    expect(message).not.toContain('short-but-set');
  });
});

/** Runs server/main.ts to its end; answers the exit code and everything it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('server/main.ts in the production mode', () => {
  const dirs: string[] = [];
  let server: StartedServer | undefined;
  afterAll(async () => {
    await server?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('does not start with the public development secret (a forged token would be accepted)', async () => {
    const { code, output } = await runServer({ ...SAFE, JWT_SECRET: '', PORT: '0' });
    expect(code).toBe(2);
    expect(output).toContain('The production mode refuses to start');
    expect(output).toMatch(/JWT_SECRET: the built-in development secret is in use/);
    expect(output).not.toContain('LISTENING');
  }, 200_000);

  it('does not start with the default 1C credentials', async () => {
    const { code, output } = await runServer({
      ...SAFE,
      EXCHANGE_USER: '',
      EXCHANGE_PASSWORD: '',
      PORT: '0',
    });
    expect(code).toBe(2);
    expect(output).toMatch(/EXCHANGE_PASSWORD: the default 1C exchange password is in use/);
    expect(output).not.toMatch(/JWT_SECRET:/);
  }, 200_000);

  it('starts when every check passes, warns about the embedded database, and refuses forged tokens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mlm-production-'));
    dirs.push(dir);
    const lines: string[] = [];
    server = await startServer({
      env: {
        ...SAFE,
        DATABASE_URL: '',
        ALLOW_EMBEDDED_DB: 'true',
        DATA_DIR: join(dir, 'data'),
        PORT: '0',
        HOST: '127.0.0.1',
        APP_DIST: '',
        LOG_LEVEL: 'warn',
        BACKGROUND_JOBS: 'false',
      },
      onLine: (line) => lines.push(line),
      timeoutMs: 300_000,
    });
    const printed = lines.join('\n');
    expect(printed).toContain('Production mode: every check passed');
    expect(printed).toContain('ALLOW_EMBEDDED_DB=true: production data lives in the embedded database');
    expect(printed).not.toContain('Demo logins');
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    // A token signed with the development secret for user 1: worthless on this server.
    const forged = await signAccessToken(
      { userId: 1, wh: true, par: false, sessionVersion: 1 },
      { jwtSecret: DEV_JWT_SECRET, tokenTtlSeconds: 3600 },
    );
    const answer = await fetch(`${server.url}/api/v3/users/me`, {
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(answer.status).toBe(401);
  }, 400_000);
});
