/**
 * Request rate limits counted in the database (`rate_limits`, migration 0004), so every process behind a load
 * balancer counts the same attempts. Fixed windows: the first hit of a key opens a window of `windowMs`; hits past
 * `max` inside it are refused until it closes. One upsert per key, atomic under concurrency (the conflicting row is
 * locked by `on conflict do update`).
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { ContractOperation } from '../contract/load.ts';
import type { DB } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';

export interface RateLimitRule {
  key: string;
  max: number;
  windowMs: number;
}

/** Counts one hit of each rule's key; answers the seconds to wait when any of them is over its limit, else 0. */
export async function hitRateLimits(db: Kysely<DB>, rules: readonly RateLimitRule[]): Promise<number> {
  let wait = 0;
  for (const rule of rules) {
    const windowSql = sql`make_interval(secs => ${rule.windowMs / 1000})`;
    const { rows } = await sql<{ hits: number; left_ms: number }>`
      insert into rate_limits as r (key, window_start, hits) values (${rule.key}, now(), 1)
      on conflict (key) do update set
        hits = case when r.window_start <= now() - ${windowSql} then 1 else r.hits + 1 end,
        window_start = case when r.window_start <= now() - ${windowSql} then now() else r.window_start end
      returning hits, (extract(epoch from (r.window_start + ${windowSql} - now())) * 1000)::int as left_ms`.execute(
      db,
    );
    const row = rows[0];
    if (row !== undefined && row.hits > rule.max)
      wait = Math.max(wait, Math.ceil(Math.max(row.left_ms, 1) / 1000));
  }
  return wait;
}

/** Removes counters whose window closed long ago (housekeeping; any process may run it). */
export async function pruneRateLimits(db: Kysely<DB>, olderThanMs: number): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', new Date(Date.now() - olderThanMs))
    .execute();
}

const emailOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
    ? body.email.trim().toLowerCase().slice(0, 254)
    : '';

/** Operations that declare 429 but count their own failed tries (the handover code: wrong codes per order). */
const COUNTS_ITS_OWN_TRIES: ReadonlySet<string> = new Set(['handOverOrder']);

/**
 * The rules of an operation whose contract answers 429: per client address and e-mail (or caller), and per client
 * address across e-mails (one address cannot try one password on many accounts). None for other operations.
 */
export function rateLimitRules(
  config: Pick<Config, 'loginRateLimit'>,
  operation: ContractOperation,
  request: FastifyRequest,
): RateLimitRule[] {
  if (operation.responses['429'] === undefined || COUNTS_ITS_OWN_TRIES.has(operation.operationId)) return [];
  const { max, windowMs } = config.loginRateLimit;
  const perAddressMax = config.loginRateLimit.perAddressMax ?? max * 5;
  const who = emailOf(request.body) || String(request.auth?.userId ?? '');
  return [
    { key: `${operation.operationId}|${request.ip}|${who}`, max, windowMs },
    { key: `${operation.operationId}|${request.ip}`, max: perAddressMax, windowMs },
  ];
}

/** `preValidation` hook: 429 RATE_LIMITED (with Retry-After) when the request is over a limit. */
export async function enforceRateLimit(request: FastifyRequest): Promise<void> {
  const operation = request.routeOptions.config.contract?.operation;
  if (operation === undefined) return;
  const rules = rateLimitRules(request.server.config, operation, request);
  if (rules.length === 0) return;
  const wait = await hitRateLimits(request.server.db, rules);
  if (wait > 0) throw tooManyRequests(wait);
}
