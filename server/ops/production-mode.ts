/**
 * The production mode's checks (docs/adr/0130-production-mode.md). A server that an operator declared to be a
 * production one (APP_ENV=production, or NODE_ENV=production) refuses to start while any default that is only
 * safe on a developer's machine is still in force, and names every one of them at once, each with its fix.
 *
 * Variables owned by other parts of the server (the payment provider, the mail server) are read here by name from
 * the environment, so the check does not depend on how those parts parse them.
 */
import type { Config } from '../config.ts';

/** The development defaults the checks compare against (server/config.ts owns them). */
export interface DevelopmentDefaults {
  jwtSecret: string;
  exchangePassword: string;
}

/** HS256 wants a key at least as long as its output (RFC 7518 §3.2): 32 bytes. */
export const MIN_JWT_SECRET_BYTES = 32;
/** 1C stores the password in its exchange settings; nobody types it, so it can be long. */
export const MIN_EXCHANGE_PASSWORD_LENGTH = 16;
/** A secret of so few distinct characters (`aaaa…`, `0000…`, `changeme…`) is a placeholder, not a secret. */
const MIN_DISTINCT_CHARACTERS = 10;

const distinct = (text: string): number => new Set(text).size;

/** Every reason the production mode refuses this configuration (empty when it may start). */
export function productionProblems(
  config: Config,
  env: NodeJS.ProcessEnv,
  defaults: DevelopmentDefaults,
): string[] {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  if (config.usingDevJwtSecret || config.jwtSecret === defaults.jwtSecret)
    problems.push(
      'JWT_SECRET: the built-in development secret is in use; it is public, so anyone could sign a token for ' +
        'any account (and derive every pickup code). Set 32 or more random bytes, e.g. `openssl rand -base64 48`',
    );
  else if (Buffer.byteLength(config.jwtSecret) < MIN_JWT_SECRET_BYTES)
    problems.push(`JWT_SECRET: shorter than ${MIN_JWT_SECRET_BYTES} bytes`);
  else if (distinct(config.jwtSecret) < MIN_DISTINCT_CHARACTERS)
    problems.push(
      `JWT_SECRET: only ${distinct(config.jwtSecret)} distinct characters, a placeholder rather than a secret ` +
        '(use `openssl rand -base64 48`)',
    );

  if (config.exchangePassword === defaults.exchangePassword)
    problems.push(
      'EXCHANGE_PASSWORD: the default 1C exchange password is in use; with it anyone can read customers’ ' +
        'addresses and mark orders as received by 1C. Set a long random one (and EXCHANGE_USER) in 1C and here',
    );
  else if (config.exchangePassword.length < MIN_EXCHANGE_PASSWORD_LENGTH)
    problems.push(`EXCHANGE_PASSWORD: shorter than ${MIN_EXCHANGE_PASSWORD_LENGTH} characters`);

  const provider = read('PAYMENT_PROVIDER') ?? 'sandbox';
  if (provider === 'sandbox')
    problems.push(
      'PAYMENT_PROVIDER: the sandbox takes no money and marks card orders paid; set PAYMENT_PROVIDER=maib ' +
        'with its MAIB_* credentials',
    );

  if (read('SMTP_URL') === undefined)
    problems.push(
      'SMTP_URL: not set, so no e-mail (password resets, confirmations, order news) would ever leave; ' +
        'set smtp(s)://user:password@host:port',
    );

  if (!config.publicUrlFromEnv)
    problems.push(
      'PUBLIC_URL: not set; links in e-mails and payment returns would point at this process ' +
        `(${config.publicUrl}); set the https address people use`,
    );
  else if (!config.publicUrl.startsWith('https://'))
    problems.push(
      `PUBLIC_URL: must be https (got ${JSON.stringify(config.publicUrl)}); tokens and passwords cross it`,
    );

  if (config.databaseUrl === undefined) {
    if (config.dataDir.startsWith('memory://'))
      problems.push('DATA_DIR: memory:// keeps nothing after the process ends; set DATABASE_URL');
    else if (!config.allowEmbeddedDb)
      problems.push(
        'DATABASE_URL: not set, so the embedded database (PGlite in DATA_DIR) would be used: one process, ' +
          'no replica, backups only while stopped. Set DATABASE_URL to a PostgreSQL database, or accept ' +
          'those limits with ALLOW_EMBEDDED_DB=true',
      );
  }

  if (config.seed === 'demo')
    problems.push(
      'SEED: demo would fill an empty database with demo accounts whose password is public ' +
        '(staff included); set SEED=none',
    );

  return problems;
}

/** What the production mode allows but an operator must hear about at every start. */
export function productionWarnings(config: Config): string[] {
  if (!config.production || config.databaseUrl !== undefined || !config.allowEmbeddedDb) return [];
  return [
    `ALLOW_EMBEDDED_DB=true: production data lives in the embedded database (PGlite) in ${config.dataDir}.`,
    'Only this one process may use it (a second one is refused); there is no replica and no point-in-time',
    'recovery. Each commit is flushed to disk (fsync, docs/adr/0131-one-owner-of-the-data-directory.md), but a',
    'disk failure loses everything since the last backup: run `npm run backup` (server stopped) regularly and',
    'keep the files elsewhere. PostgreSQL (DATABASE_URL) is the production database (docs/scaling.md).',
  ];
}
