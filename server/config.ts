import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { CATEGORIES, type Category } from './db/reference.ts';
import { productionProblems } from './ops/production-mode.ts';

/** Scrypt cost parameters used for new password hashes (existing hashes carry their own). */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  host: string;
  port: number;
  /** PGlite data directory, or `memory://` for an in-memory database. */
  dataDir: string;
  /** When set, a PostgreSQL server is used instead of PGlite. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  /** True when JWT_SECRET was not given and the built-in development secret is in use. */
  usingDevJwtSecret: boolean;
  tokenTtlSeconds: number;
  /** Folder of the built SPA to serve on the same origin (history fallback), or undefined. */
  appDist: string | undefined;
  /**
   * The server's renderer of first screens (`vite build --ssr`, server/prerender.ts): PRERENDER_ENTRY, else
   * server-entry.js in APP_DIST's sibling with `-ssr` appended (dist-ssr/ for dist/), used when it is there;
   * undefined (every page rendered in the browser) with PRERENDER=off or without APP_DIST.
   */
  prerenderEntry: string | undefined;
  /** A first-screen render that takes longer is dropped and the page goes as it is (PRERENDER_TIMEOUT_MS, 1500). */
  prerenderTimeoutMs: number;
  /** Origin used in links the server makes. Without PUBLIC_URL it follows HOST:PORT (see `publicUrlFromEnv`). */
  publicUrl: string;
  /** True when PUBLIC_URL was given explicitly (main.ts then never rewrites it after listening on PORT=0). */
  publicUrlFromEnv: boolean;
  seed: 'demo' | 'none';
  currency: string;
  exchangeUser: string;
  exchangePassword: string;
  logLevel: LogLevel;
  /** Fastify `trustProxy`: off unless TRUST_PROXY=true (then X-Forwarded-For decides the client IP). */
  trustProxy: boolean;
  /**
   * Login and forgot-password attempts allowed per client IP and e-mail within the window, and per client IP across
   * e-mails (`perAddressMax`, 5 × `max` when not given). Counted in the database, across processes.
   */
  loginRateLimit: { max: number; windowMs: number; perAddressMax?: number };
  scrypt: ScryptParams;
  /** Hours an order may wait in one status before the warehouse queue highlights it (QUEUE_AGE_LIMIT_HOURS). */
  queueAgeLimitHours: number;
  /**
   * TLS_CERT and TLS_KEY (PEM files): the server speaks HTTPS itself, HTTP/2 with HTTP/1.1 for clients without it;
   * without them, plain HTTP/1.1 (behind a proxy that terminates TLS, or on a developer's machine).
   */
  tls: { certFile: string; keyFile: string } | undefined;
  /** Whether this process runs the periodic jobs of server/jobs/ (BACKGROUND_JOBS, default true). */
  backgroundJobs: boolean;
  /**
   * The production mode (docs/adr/0130-production-mode.md): APP_ENV=production, or NODE_ENV=production as the
   * operator set it when APP_ENV is not given. Unsafe defaults then stop the server (server/ops/production-mode.ts).
   */
  production: boolean;
  /** ALLOW_EMBEDDED_DB=true: the production mode accepts PGlite (one process; see docs/scaling.md). */
  allowEmbeddedDb: boolean;
  /** METRICS_PORT (and METRICS_HOST, default 127.0.0.1): a second listener for Prometheus; undefined: none. */
  metrics: { host: string; port: number } | undefined;
  /** How the catalogue 1C sends maps onto the portal (docs/1c-exchange.md, "Goods, prices and stock"). */
  catalogueExchange: CatalogueExchangeConfig;
}

export interface CatalogueExchangeConfig {
  /** 1C group `Ид` → category, over the default match of a group's name with a category's Russian name */
  groupMap: Readonly<Record<string, Category>>;
  /** 1C warehouse `Ид` → a warehouse's code, over the default match by the warehouse's Russian name */
  warehouseMap: Readonly<Record<string, string>>;
  /** The price type whose prices are the portal's prices: an `Ид` or a name */
  priceType: string;
  /** The price type whose prices are the recommended retail prices: an `Ид` or a name */
  retailPriceType: string;
  /** The numeric product property that holds the PV: an `Ид` or a name */
  pvProperty: string;
  /** The most one exchange session may upload (files and archives together) */
  uploadLimitBytes: number;
  /** The work one `mode=import` call does before it answers `progress` (it answers within a few seconds more) */
  importStepMs: number;
}

export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    heading = 'Invalid server configuration',
  ) {
    super(`${heading}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Used when JWT_SECRET is not set. Never use it outside a developer machine. */
export const DEV_JWT_SECRET = 'dev-only-jwt-secret-do-not-use-in-production-0123456789';
/** The 1C exchange's credentials when EXCHANGE_USER / EXCHANGE_PASSWORD are not set (development only). */
export const DEV_EXCHANGE_USER = '1c';
export const DEV_EXCHANGE_PASSWORD = '1c-exchange';

const isPowerOfTwo = (n: number): boolean => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

const intIn = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, { message: 'must be an integer' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { message: `must be at least ${min}` })
        .max(max, { message: `must be at most ${max}` }),
    );

const boolString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const httpUrl = z
  .string()
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'must be an http(s) URL' },
  )
  .transform((v) => v.replace(/\/+$/, ''));

/** `key=value` pairs separated by commas, semicolons or new lines (`EXCHANGE_GROUP_MAP`, `EXCHANGE_WAREHOUSE_MAP`). */
const pairs = <V extends string>(value: z.ZodType<V>, what: string) =>
  z.string().transform((text, ctx) => {
    const out: Record<string, V> = {};
    for (const item of text.split(/[,;\n]+/)) {
      if (item.trim() === '') continue;
      const at = item.lastIndexOf('=');
      const key = item.slice(0, at).trim();
      const parsed = value.safeParse(item.slice(at + 1).trim());
      if (at <= 0 || key === '' || !parsed.success) {
        ctx.addIssue({ code: 'custom', message: `must be 1C-Ид=${what} pairs separated by commas` });
        return z.NEVER;
      }
      out[key] = parsed.data;
    }
    return out;
  });

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: intIn(0, 65535).default(8080),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
    .optional(),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  TOKEN_TTL_SECONDS: intIn(60, 60 * 60 * 24 * 365).default(86400),
  APP_DIST: z.string().min(1).optional(),
  PRERENDER: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  PRERENDER_ENTRY: z.string().min(1).optional(),
  PRERENDER_TIMEOUT_MS: intIn(100, 60_000).default(1500),
  PUBLIC_URL: httpUrl.optional(),
  SEED: z.enum(['demo', 'none'], { message: 'must be demo or none' }).default('demo'),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'must be an ISO 4217 code such as MDL' })
    .default('MDL'),
  EXCHANGE_USER: z.string().min(1).default(DEV_EXCHANGE_USER),
  EXCHANGE_PASSWORD: z.string().min(1).default(DEV_EXCHANGE_PASSWORD),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: boolString.default(false),
  LOGIN_RATE_LIMIT_MAX: intIn(1, 1_000_000).default(10),
  LOGIN_RATE_LIMIT_WINDOW_MS: intIn(1000, 24 * 60 * 60 * 1000).default(60_000),
  LOGIN_RATE_LIMIT_PER_ADDRESS_MAX: intIn(1, 1_000_000).optional(),
  SCRYPT_N: intIn(1024, 1 << 20)
    .refine(isPowerOfTwo, { message: 'must be a power of two' })
    .default(1 << 15),
  SCRYPT_R: intIn(1, 32).default(8),
  SCRYPT_P: intIn(1, 16).default(1),
  QUEUE_AGE_LIMIT_HOURS: intIn(1, 24 * 365).default(24),
  TLS_CERT: z.string().min(1).optional(),
  TLS_KEY: z.string().min(1).optional(),
  BACKGROUND_JOBS: boolString.default(true),
  EXCHANGE_GROUP_MAP: pairs(z.enum(CATEGORIES), CATEGORIES.join('|')).optional(),
  EXCHANGE_WAREHOUSE_MAP: pairs(z.string().min(1), 'warehouse code').optional(),
  EXCHANGE_PRICE_TYPE: z.string().min(1).default('Цена дистрибьютора'),
  EXCHANGE_RETAIL_PRICE_TYPE: z.string().min(1).default('Розничная цена'),
  EXCHANGE_PV_PROPERTY: z.string().min(1).default('Баллы (PV)'),
  EXCHANGE_UPLOAD_LIMIT_MB: intIn(1, 1024).default(100),
  EXCHANGE_IMPORT_STEP_MS: intIn(50, 6000).default(3000),
  APP_ENV: z.enum(['production', 'development'], { message: 'must be production or development' }).optional(),
  ALLOW_EMBEDDED_DB: boolString.default(false),
  METRICS_PORT: intIn(0, 65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

let devSecretWarned = false;

function warnDevSecretOnce(): void {
  if (devSecretWarned) return;
  devSecretWarned = true;
  process.emitWarning(
    'JWT_SECRET is not set: using the built-in development secret. Set JWT_SECRET (32+ characters) outside development.',
    { code: 'MLM_DEV_JWT_SECRET' },
  );
}

/** Host to put in URLs: a wildcard listen address is reached through the loopback. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Reads and validates the server configuration (docs/adr/0017-configuration.md; the README's table).
 * Empty variables count as unset. Throws ConfigError naming every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') raw[key] = value.trim();
  }
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '(environment)');
      const given = raw[key];
      const shown = key.includes('SECRET') || key.includes('PASSWORD') ? '(hidden)' : JSON.stringify(given);
      return `${key}: ${issue.message}${given === undefined ? '' : ` (got ${shown})`}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const tlsProblems: string[] = [];
  if ((e.TLS_CERT === undefined) !== (e.TLS_KEY === undefined))
    tlsProblems.push(
      `${e.TLS_CERT === undefined ? 'TLS_CERT' : 'TLS_KEY'}: must be given with ${e.TLS_CERT === undefined ? 'TLS_KEY' : 'TLS_CERT'} (the certificate and its key, PEM files)`,
    );
  for (const [key, file] of [
    ['TLS_CERT', e.TLS_CERT],
    ['TLS_KEY', e.TLS_KEY],
  ] as const)
    if (file !== undefined && !existsSync(file))
      tlsProblems.push(`${key}: no such file (got ${JSON.stringify(file)})`);
  if (tlsProblems.length > 0) throw new ConfigError(tlsProblems);
  const scheme = e.TLS_CERT === undefined ? 'http' : 'https';
  const usingDevJwtSecret = e.JWT_SECRET === undefined;
  const production = isProduction(e.APP_ENV, env.NODE_ENV);
  // In the production mode the missing secret is a refusal (server/ops/production-mode.ts), not a warning.
  if (usingDevJwtSecret && !production) warnDevSecretOnce();
  const config: Config = {
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    usingDevJwtSecret,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    appDist: e.APP_DIST,
    prerenderEntry:
      e.APP_DIST === undefined || e.PRERENDER === 'off'
        ? undefined
        : (e.PRERENDER_ENTRY ?? join(`${resolve(e.APP_DIST)}-ssr`, 'server-entry.js')),
    prerenderTimeoutMs: e.PRERENDER_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL ?? `${scheme}://${urlHost(e.HOST)}:${e.PORT}`,
    publicUrlFromEnv: e.PUBLIC_URL !== undefined,
    seed: e.SEED,
    currency: e.CURRENCY,
    exchangeUser: e.EXCHANGE_USER,
    exchangePassword: e.EXCHANGE_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: {
      max: e.LOGIN_RATE_LIMIT_MAX,
      windowMs: e.LOGIN_RATE_LIMIT_WINDOW_MS,
      ...(e.LOGIN_RATE_LIMIT_PER_ADDRESS_MAX === undefined
        ? {}
        : { perAddressMax: e.LOGIN_RATE_LIMIT_PER_ADDRESS_MAX }),
    },
    scrypt: { N: e.SCRYPT_N, r: e.SCRYPT_R, p: e.SCRYPT_P },
    queueAgeLimitHours: e.QUEUE_AGE_LIMIT_HOURS,
    tls:
      e.TLS_CERT === undefined || e.TLS_KEY === undefined
        ? undefined
        : { certFile: e.TLS_CERT, keyFile: e.TLS_KEY },
    backgroundJobs: e.BACKGROUND_JOBS,
    catalogueExchange: {
      groupMap: e.EXCHANGE_GROUP_MAP ?? {},
      warehouseMap: e.EXCHANGE_WAREHOUSE_MAP ?? {},
      priceType: e.EXCHANGE_PRICE_TYPE,
      retailPriceType: e.EXCHANGE_RETAIL_PRICE_TYPE,
      pvProperty: e.EXCHANGE_PV_PROPERTY,
      uploadLimitBytes: e.EXCHANGE_UPLOAD_LIMIT_MB * 1024 * 1024,
      importStepMs: e.EXCHANGE_IMPORT_STEP_MS,
    },
    production,
    allowEmbeddedDb: e.ALLOW_EMBEDDED_DB,
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
  };
  if (production) {
    const problems = productionProblems(config, env, {
      jwtSecret: DEV_JWT_SECRET,
      exchangePassword: DEV_EXCHANGE_PASSWORD,
    });
    if (problems.length > 0) throw new ConfigError(problems, 'The production mode refuses to start');
  }
  return config;
}

/**
 * APP_ENV decides when given; otherwise NODE_ENV=production **as the operator set it** (server/main.ts defaults
 * NODE_ENV to production for React's renderer only after reading the configuration, so `npm start` stays a
 * development server).
 */
export function isProduction(appEnv: string | undefined, nodeEnv: string | undefined): boolean {
  if (appEnv !== undefined && appEnv.trim() !== '') return appEnv.trim() === 'production';
  return nodeEnv?.trim() === 'production';
}
