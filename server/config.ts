import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_PERIOD_TIME_ZONE, isTimeZone } from './domain/network/period.ts';
import { CATEGORIES, type Category } from './db/reference.ts';
import { productionProblems } from './ops/production-mode.ts';

/** argon2id cost of new password hashes (existing hashes carry their own; weaker ones are replaced at sign-in). */
export interface PasswordHashParams {
  memoryKiB: number;
  iterations: number;
  parallelism: number;
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
  /**
   * Which `X-Forwarded-For` entries to believe (TRUST_PROXY): `false` none (the socket's address is the client), a
   * number of proxies in front (`1`: the address the nearest proxy appended), or the proxies' addresses and CIDR
   * ranges (`10.0.0.0/8`). Never "all": a client's own header must not choose its address (ADR 0121).
   */
  trustProxy: false | number | string[];
  /**
   * Login and forgot-password attempts allowed per client IP and e-mail within the window, and per client IP across
   * e-mails (`perAddressMax`, 5 × `max` when not given). Counted in the database, across processes.
   */
  loginRateLimit: { max: number; windowMs: number; perAddressMax?: number };
  /**
   * Time limits on a request (ADR 0121): its headers must arrive within `headersMs`, the whole request (a slow
   * body included) within `requestMs`; past either the connection is answered 408 and closed.
   */
  requestTimeouts: { headersMs: number; requestMs: number };
  /** Event streams one user may hold open across processes; opening one more closes the oldest. */
  maxStreamsPerUser: number;
  /**
   * A password-reset request answers no sooner than this (FORGOT_PASSWORD_MIN_MS), known address or not, so its
   * timing does not tell whether an account exists.
   */
  forgotPasswordMinMs: number;
  passwordHash: PasswordHashParams;
  /** Hours an order may wait in one status before the warehouse queue highlights it (QUEUE_AGE_LIMIT_HOURS). */
  queueAgeLimitHours: number;
  /**
   * TLS_CERT and TLS_KEY (PEM files): the server speaks HTTPS itself, HTTP/2 with HTTP/1.1 for clients without it;
   * without them, plain HTTP/1.1 (behind a proxy that terminates TLS, or on a developer's machine).
   */
  tls: { certFile: string; keyFile: string } | undefined;
  /** Whether this process runs the periodic jobs of server/jobs/ (BACKGROUND_JOBS, default true). */
  backgroundJobs: boolean;
  /** Card payments (docs/adr/0110-maib-provider.md, docs/payments.md). */
  payments: PaymentsConfig;
  /** The company's time zone: periods are its calendar months (PERIOD_TIME_ZONE, default Europe/Chisinau). */
  periodTimeZone: string;
  /** Days after a month ends before it is closed automatically (PERIOD_CLOSE_GRACE_DAYS, default 3). */
  periodCloseGraceDays: number;
  /**
   * The production mode (docs/adr/0130-production-mode.md): APP_ENV=production, or NODE_ENV=production as the
   * operator set it when APP_ENV is not given. Unsafe defaults then stop the server (server/ops/production-mode.ts).
   */
  production: boolean;
  /** ALLOW_EMBEDDED_DB=true: the production mode accepts PGlite (one process; see docs/scaling.md). */
  allowEmbeddedDb: boolean;
  /** METRICS_PORT (and METRICS_HOST, default 127.0.0.1): a second listener for Prometheus; undefined: none. */
  metrics: { host: string; port: number } | undefined;
  /**
   * E-mail (docs/adr/0100-message-delivery.md): SMTP_URL (`smtp://user:pass@host:587`, STARTTLS when offered;
   * `smtps://` for TLS from the start), or undefined: e-mail goes to the built-in mailbox (`/dev/mailbox`).
   * MAIL_FROM is the sender (`Name <address>`).
   */
  mail: { smtpUrl: string | undefined; from: string };
  /**
   * Web push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, `npx web-push generate-vapid-keys`), or undefined:
   * a pair is made on first use and kept in the database. VAPID_SUBJECT: a `mailto:` or `https:` contact.
   */
  push: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string };
  /** How messages are delivered (server/messages/worker.ts). */
  messages: {
    /** Tries before a delivery that the server answered with a temporary error fails for good. */
    maxAttempts: number;
    /** Wait before the second try; doubled after every try, up to `retryMaxMs`. */
    retryBaseMs: number;
    retryMaxMs: number;
    /** Deliveries sent at once per channel by one process. */
    concurrency: number;
    /** A push service that has not answered by then is given up on for this try. */
    pushTimeoutMs: number;
    /** The PV reminder is sent when this many days of the month are left (or fewer). */
    pvReminderDaysLeft: number;
  };
  /** How the catalogue 1C sends maps onto the portal (docs/1c-exchange.md, "Goods, prices and stock"). */
  catalogueExchange: CatalogueExchangeConfig;
  /**
   * The proof of work of public forms (docs/adr/0140-sign-up-under-a-sponsor.md): PBKDF2 iterations per try
   * (POW_COST), the highest counter a challenge hides (POW_MAX_COUNTER; a solver tries ¾ of it on average) and
   * how long a challenge lives (POW_TTL_SECONDS). Its HMAC key is derived from JWT_SECRET.
   */
  pow: { cost: number; maxCounter: number; ttlSeconds: number };
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

/** The card acquirer and how the portal talks to it. */
export interface PaymentsConfig {
  /**
   * `maib`: maib e-commerce itself (`MAIB_*` required). `sandbox`: the local maib sandbox this server plays on its
   * own origin, with the same endpoints, answers and signed callbacks (the default: the demo and the tests).
   */
  provider: 'sandbox' | 'maib';
  /** The maib project: from maibmerchants (or the sandbox's own defaults). */
  projectId: string;
  projectSecret: string;
  signatureKey: string;
  /** maib's API base (`…/v1`); undefined for the sandbox, which lives at `<PUBLIC_URL>/maib-sandbox/v1`. */
  apiUrl: string | undefined;
  /**
   * How long one operation with the acquirer may take, its token included (MAIB_TIMEOUT_MS: 20 s by default, at
   * most the spec's 30 s, so the portal answers the browser before the browser gives up).
   */
  timeoutMs: number;
  /** How old an attempt without a callback must be before reconciliation asks `pay-info` (ms). */
  reconcileAfterMs: number;
  /** The sandbox's retry schedule for an unanswered callback (ms after each failed attempt; maib's by default). */
  sandboxRetryDelaysMs: number[];
}

/** maib e-commerce's production API (its SDKs' base URL). */
export const MAIB_API_URL = 'https://api.maibmerchants.md/v1';

/** The sandbox's project when none is configured: it only ever talks to this server. */
export const SANDBOX_PROJECT = {
  projectId: 'sandbox-project',
  projectSecret: 'sandbox-project-secret',
  signatureKey: 'sandbox-signature-key',
} as const;

/** maib's documented schedule for a notification that did not get 200 (seconds). */
export const MAIB_RETRY_SECONDS = [10, 60, 300, 600, 3600, 43200, 86400] as const;

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

/** TRUST_PROXY: off, a hop count, or the proxies' addresses and ranges; `true` (believe any header) is refused. */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(text)) return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  if (['true', 'yes', 'on'].includes(text)) {
    context.addIssue({
      code: 'custom',
      message:
        'must not trust every X-Forwarded-For (any client could choose its address): give the number of proxies in front (1) or their addresses (10.0.0.0/8)',
    });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) return true;
    if (prefix === undefined) return false;
    return !/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128);
  });
  if (bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be false, a number of proxies, or addresses and CIDR ranges (not ${bad.join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
});

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
  TRUST_PROXY: trustProxy.default(false),
  LOGIN_RATE_LIMIT_MAX: intIn(1, 1_000_000).default(10),
  LOGIN_RATE_LIMIT_WINDOW_MS: intIn(1000, 24 * 60 * 60 * 1000).default(60_000),
  LOGIN_RATE_LIMIT_PER_ADDRESS_MAX: intIn(1, 1_000_000).optional(),
  ARGON2_MEMORY_KIB: intIn(1024, 262_144).default(19_456),
  ARGON2_ITERATIONS: intIn(1, 16).default(2),
  ARGON2_PARALLELISM: intIn(1, 8).default(1),
  QUEUE_AGE_LIMIT_HOURS: intIn(1, 24 * 365).default(24),
  HEADERS_TIMEOUT_MS: intIn(1000, 120_000).default(10_000),
  REQUEST_TIMEOUT_MS: intIn(1000, 600_000).default(30_000),
  MAX_STREAMS_PER_USER: intIn(1, 1000).default(10),
  FORGOT_PASSWORD_MIN_MS: intIn(0, 10_000).default(400),
  TLS_CERT: z.string().min(1).optional(),
  TLS_KEY: z.string().min(1).optional(),
  BACKGROUND_JOBS: boolString.default(true),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'maib'], { message: 'must be sandbox or maib' }).default('sandbox'),
  MAIB_PROJECT_ID: z.string().min(1).max(200).optional(),
  MAIB_PROJECT_SECRET: z.string().min(1).max(500).optional(),
  MAIB_SIGNATURE_KEY: z.string().min(1).max(500).optional(),
  MAIB_API_URL: httpUrl.optional(),
  MAIB_TIMEOUT_MS: intIn(1000, 30_000).default(20_000),
  PAYMENT_RECONCILE_AFTER_MINUTES: intIn(0, 24 * 60).default(5),
  MAIB_SANDBOX_RETRY_SECONDS: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, { message: 'must be seconds separated by commas, e.g. 10,60,300' })
    .transform((v) => v.split(',').map(Number))
    .optional(),
  PERIOD_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/Chisinau' })
    .default(DEFAULT_PERIOD_TIME_ZONE),
  PERIOD_CLOSE_GRACE_DAYS: intIn(0, 27).default(3),
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
  SMTP_URL: z
    .string()
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
        } catch {
          return false;
        }
      },
      { message: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587' },
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*<?[^\s<>@]+@[^\s<>@]+>?$/, {
      message: 'must be an address, optionally with a name: Portal <portal@example.com>',
    })
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, { message: 'must be a base64url P-256 public key (65 bytes)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, { message: 'must be a base64url P-256 private key (32 bytes)' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s]+@[^\s]+|https:\/\/\S+)$/, { message: 'must be a mailto: or https: URL' })
    .optional(),
  MESSAGE_MAX_ATTEMPTS: intIn(1, 100).default(8),
  MESSAGE_RETRY_BASE_MS: intIn(10, 24 * 60 * 60 * 1000).default(30_000),
  MESSAGE_RETRY_MAX_MS: intIn(10, 7 * 24 * 60 * 60 * 1000).default(30 * 60 * 1000),
  MESSAGE_CONCURRENCY: intIn(1, 200).default(8),
  PUSH_TIMEOUT_MS: intIn(100, 120_000).default(10_000),
  PV_REMINDER_DAYS_LEFT: intIn(1, 28).default(7),
  POW_COST: intIn(1, 1_000_000).default(2_000),
  POW_MAX_COUNTER: intIn(2, 1_000_000).default(10_000),
  POW_TTL_SECONDS: intIn(30, 3600).default(600),
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
  const messageProblems: string[] = [];
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    messageProblems.push(
      `${e.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}: must be given with ${e.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} (one key pair)`,
    );
  if (tlsProblems.length + messageProblems.length > 0)
    throw new ConfigError([...tlsProblems, ...messageProblems]);
  if (e.PAYMENT_PROVIDER === 'maib') {
    const missing = (['MAIB_PROJECT_ID', 'MAIB_PROJECT_SECRET', 'MAIB_SIGNATURE_KEY'] as const).filter(
      (key) => e[key] === undefined,
    );
    if (missing.length > 0)
      throw new ConfigError(
        missing.map(
          (key) => `${key}: must be given with PAYMENT_PROVIDER=maib (from the project in maibmerchants)`,
        ),
      );
  }
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
    requestTimeouts: {
      headersMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      requestMs: e.REQUEST_TIMEOUT_MS,
    },
    maxStreamsPerUser: e.MAX_STREAMS_PER_USER,
    forgotPasswordMinMs: e.FORGOT_PASSWORD_MIN_MS,
    passwordHash: {
      memoryKiB: e.ARGON2_MEMORY_KIB,
      iterations: e.ARGON2_ITERATIONS,
      parallelism: e.ARGON2_PARALLELISM,
    },
    queueAgeLimitHours: e.QUEUE_AGE_LIMIT_HOURS,
    tls:
      e.TLS_CERT === undefined || e.TLS_KEY === undefined
        ? undefined
        : { certFile: e.TLS_CERT, keyFile: e.TLS_KEY },
    backgroundJobs: e.BACKGROUND_JOBS,
    payments: {
      provider: e.PAYMENT_PROVIDER,
      projectId: e.MAIB_PROJECT_ID ?? SANDBOX_PROJECT.projectId,
      projectSecret: e.MAIB_PROJECT_SECRET ?? SANDBOX_PROJECT.projectSecret,
      signatureKey: e.MAIB_SIGNATURE_KEY ?? SANDBOX_PROJECT.signatureKey,
      apiUrl: e.PAYMENT_PROVIDER === 'maib' ? (e.MAIB_API_URL ?? MAIB_API_URL) : undefined,
      timeoutMs: e.MAIB_TIMEOUT_MS,
      reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MINUTES * 60_000,
      sandboxRetryDelaysMs: (e.MAIB_SANDBOX_RETRY_SECONDS ?? MAIB_RETRY_SECONDS).map((seconds) =>
        Math.round(seconds * 1000),
      ),
    },
    periodTimeZone: e.PERIOD_TIME_ZONE,
    periodCloseGraceDays: e.PERIOD_CLOSE_GRACE_DAYS,
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
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? defaultMailFrom(e.PUBLIC_URL, e.HOST) },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY === undefined || e.VAPID_PRIVATE_KEY === undefined
          ? undefined
          : { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY },
      subject:
        e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM ?? defaultMailFrom(e.PUBLIC_URL, e.HOST))}`,
    },
    messages: {
      maxAttempts: e.MESSAGE_MAX_ATTEMPTS,
      retryBaseMs: e.MESSAGE_RETRY_BASE_MS,
      retryMaxMs: Math.max(e.MESSAGE_RETRY_MAX_MS, e.MESSAGE_RETRY_BASE_MS),
      concurrency: e.MESSAGE_CONCURRENCY,
      pushTimeoutMs: e.PUSH_TIMEOUT_MS,
      pvReminderDaysLeft: e.PV_REMINDER_DAYS_LEFT,
    },
    pow: { cost: e.POW_COST, maxCounter: e.POW_MAX_COUNTER, ttlSeconds: e.POW_TTL_SECONDS },
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
 * APP_ENV decides when given; otherwise NODE_ENV=production **as the operator set it** (server/react-build.ts
 * records it before defaulting NODE_ENV to production for React's builds, and server/main.ts reads the
 * configuration with the recorded value, so `npm start` stays a development server).
 */
export function isProduction(appEnv: string | undefined, nodeEnv: string | undefined): boolean {
  if (appEnv !== undefined && appEnv.trim() !== '') return appEnv.trim() === 'production';
  return nodeEnv?.trim() === 'production';
}

/** The sender when MAIL_FROM is not given: the portal at the public host (`localhost` for an address). */
function defaultMailFrom(publicUrl: string | undefined, host: string): string {
  let domain = publicUrl === undefined ? urlHost(host) : new URL(publicUrl).hostname;
  if (/^[\d.]+$|^\[|^localhost$/.test(domain)) domain = 'localhost';
  return `Distributor portal <no-reply@${domain}>`;
}

/** The bare address of `Name <address>` (or the address itself). */
export function mailAddress(from: string): string {
  const match = /<([^<>]+)>\s*$/.exec(from);
  return (match?.[1] ?? from).trim();
}
