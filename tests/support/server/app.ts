import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DestinationStream } from 'pino';
import { buildApp, type ContractViolation } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Contract } from '#server/contract/load.ts';
import type { GenericHandler, Handlers } from '#server/contract/types.ts';
import type { Database } from '#server/db/database.ts';
import type { DB } from '#server/db/schema.ts';
import { DEMO_PASSWORD } from '#server/seed/accounts.ts';
import { freshDatabase } from './db.ts';

export const TEST_JWT_SECRET = 'test-only-jwt-secret-0123456789-abcdefghijklmnop';

/** Configuration for tests: silent logs, cheap scrypt for new hashes, a rate limit high enough not to interfere. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    SEED: 'none',
    DATA_DIR: 'memory://',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    SCRYPT_N: '1024',
    LOGIN_RATE_LIMIT_MAX: '1000',
    BACKGROUND_JOBS: 'false',
  });
  return { ...base, ...overrides };
}

export interface StartTestAppOptions {
  config?: Partial<Config>;
  /** Defaults to a fresh database from `freshDatabase()`; a given one is not closed by `close()`. */
  database?: Database;
  handlers?: Partial<Handlers> | Record<string, GenericHandler>;
  contract?: Contract;
  allowMissingHandlers?: boolean;
  /** Capture logs (for redaction tests); silent otherwise. */
  logStream?: DestinationStream;
  /** Fail `close()` when an answer broke the contract (default true). */
  checkContract?: boolean;
  /** Extra routes or hooks to add before the app is ready. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

export interface RequestOptions {
  /** A bearer token for `Authorization`. */
  token?: string;
  query?: Record<string, string | number | boolean | Array<string | number>>;
  /** A JSON body. */
  json?: unknown;
  /** A form body (`application/x-www-form-urlencoded`). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** Parsed JSON when the answer is JSON, the text otherwise. */
  body: T;
  text: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  database: Database;
  config: Config;
  /** Answers that broke the contract so far. */
  violations: ContractViolation[];
  /** Signs in through `POST /users/login` and returns the access token (demo password by default). */
  login(email: string, password?: string): Promise<string>;
  /** A request to `/api/v3` + `path` (`/users/me`). */
  request<T = unknown>(
    method: InjectOptions['method'],
    path: string,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  post<T = unknown>(path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

function queryString(query: RequestOptions['query']): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Builds the real app on a fresh database (and the real contract and handlers unless given). */
export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const ownDatabase = options.database === undefined;
  const database = options.database ?? (await freshDatabase());
  const violations: ContractViolation[] = [];
  const app = await buildApp({
    config,
    database,
    ...(options.handlers === undefined ? {} : { handlers: options.handlers }),
    ...(options.contract === undefined ? {} : { contract: options.contract }),
    allowMissingHandlers: options.allowMissingHandlers === true,
    logger: options.logStream === undefined ? false : { level: 'info', stream: options.logStream },
    onContractViolation: (violation) => violations.push(violation),
  });
  await options.extend?.(app);
  await app.ready();
  const prefix = options.contract?.basePath ?? '/api/v3';

  const request = async <T>(
    method: InjectOptions['method'],
    path: string,
    opts: RequestOptions = {},
  ): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(opts.json);
    } else if (opts.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    }
    const response = await app.inject({
      method,
      url: `${prefix}${path}${queryString(opts.query)}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const contentType = String(response.headers['content-type'] ?? '');
    const text = response.body;
    const body = (/json/i.test(contentType) && text !== '' ? JSON.parse(text) : text) as T;
    return { status: response.statusCode, headers: response.headers, body, text };
  };

  return {
    app,
    db: database.db,
    database,
    config,
    violations,
    async login(email, password = DEMO_PASSWORD) {
      const response = await request<{ access_token?: string }>('POST', '/users/login', {
        form: { email, password },
      });
      const token =
        typeof response.body === 'object' && response.body !== null ? response.body.access_token : undefined;
      if (response.status !== 200 || typeof token !== 'string') {
        throw new Error(`login as ${email} failed: ${response.status} ${response.text}`);
      }
      return token;
    },
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, opts) => request('POST', path, opts),
    delete: (path, opts) => request('DELETE', path, opts),
    async close() {
      await app.close();
      if (ownDatabase) await database.close();
      if (options.checkContract !== false && violations.length > 0) {
        const lines = violations.map(
          (v) =>
            `${v.method} ${v.url} → ${v.status} (${v.operationId}): ${v.problems.map((p) => `${p.path || '(answer)'} ${p.message}`).join('; ')}`,
        );
        throw new Error(`answers that break openapi/api-v3.yaml:\n  ${lines.join('\n  ')}`);
      }
    },
  };
}
