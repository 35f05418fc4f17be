/**
 * Request rate limits counted in the database (`rate_limits`), so every process behind a load balancer counts the
 * same attempts (docs/adr/0014-rate-limits-in-the-database.md, docs/adr/0121-limits-that-hold.md).
 *
 * A rule counts hits of one key in fixed windows. Past `max` in a window the key is refused until the window ends,
 * or, with `backoff`, blocked for a window, then two, four … (`strikes`, forgotten after a quiet day) up to
 * `maxBlockMs`. A key's first block opens a *burst*, which `onBurst` hears of once (the account's owner is told).
 * Each hit is one short transaction that locks the key's row, so concurrent hits from any process are counted
 * one after the other.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { ContractOperation } from '../contract/load.ts';
import type { DB } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';
import { notifyLoginBurst, type Burst } from './login-burst.ts';

export interface RateLimitRule {
  key: string;
  max: number;
  windowMs: number;
  /** Over the limit, block for `windowMs` × 2^(strikes − 1), at most `maxBlockMs`. */
  backoff?: { maxBlockMs: number };
  /** Told once when a burst begins (the key's first block), in the transaction that counts it. */
  onBurst?: (trx: Transaction<DB>, burst: Burst) => Promise<void>;
}

/** A key's counters as `rate_limits` keeps them. */
export interface LimitState {
  windowStart: Date;
  hits: number;
  strikes: number;
  blockedUntil: Date | null;
  burstStartedAt: Date | null;
  burstHits: number;
}

/** How long strikes (and the burst they belong to) are remembered after the key's last window. */
export const STRIKE_MEMORY_MS = 24 * 60 * 60 * 1000;

export interface LimitStep {
  state: LimitState;
  /** 0 when the hit is allowed; else how long to wait. */
  waitMs: number;
  /** Set when this hit began a burst. */
  burst: Burst | null;
}

/** One hit of a key at `now`: the next state and the verdict (pure; `hitRateLimits` stores it). */
export function stepLimit(
  previous: LimitState | undefined,
  rule: Pick<RateLimitRule, 'max' | 'windowMs' | 'backoff'>,
  now: Date,
): LimitStep {
  const s: LimitState = previous
    ? { ...previous }
    : { windowStart: now, hits: 0, strikes: 0, blockedUntil: null, burstStartedAt: null, burstHits: 0 };
  const t = now.getTime();
  const blocked = s.blockedUntil !== null && s.blockedUntil.getTime() > t;
  if (!blocked && t - s.windowStart.getTime() >= STRIKE_MEMORY_MS) {
    s.strikes = 0;
    s.burstStartedAt = null;
    s.burstHits = 0;
  }
  if (s.burstStartedAt !== null) s.burstHits += 1;
  if (blocked && s.blockedUntil !== null)
    return { state: s, waitMs: s.blockedUntil.getTime() - t, burst: null };
  if (t - s.windowStart.getTime() >= rule.windowMs) {
    s.windowStart = now;
    s.hits = 0;
  }
  s.hits += 1;
  if (s.hits <= rule.max) return { state: s, waitMs: 0, burst: null };
  if (rule.backoff === undefined)
    return { state: s, waitMs: s.windowStart.getTime() + rule.windowMs - t, burst: null };
  s.strikes += 1;
  const blockMs = Math.min(rule.windowMs * 2 ** Math.min(s.strikes - 1, 30), rule.backoff.maxBlockMs);
  s.blockedUntil = new Date(t + blockMs);
  let burst: Burst | null = null;
  if (s.burstStartedAt === null) {
    s.burstStartedAt = s.windowStart;
    s.burstHits = s.hits;
    burst = { since: s.burstStartedAt, attempts: s.burstHits };
  }
  // The next window opens when the block ends.
  s.windowStart = s.blockedUntil;
  s.hits = 0;
  return { state: s, waitMs: blockMs, burst };
}

/** Counts one hit of each rule's key; answers the seconds to wait when any of them is over its limit, else 0. */
export async function hitRateLimits(db: Kysely<DB>, rules: readonly RateLimitRule[]): Promise<number> {
  let waitMs = 0;
  for (const rule of rules) {
    const step = await db.transaction().execute(async (trx) => {
      const now = new Date();
      await trx
        .insertInto('rate_limits')
        .values({ key: rule.key, window_start: now, hits: 0 })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await trx
        .selectFrom('rate_limits')
        .selectAll()
        .where('key', '=', rule.key)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const next = stepLimit(
        {
          windowStart: new Date(row.window_start),
          hits: row.hits,
          strikes: row.strikes,
          blockedUntil: row.blocked_until === null ? null : new Date(row.blocked_until),
          burstStartedAt: row.burst_started_at === null ? null : new Date(row.burst_started_at),
          burstHits: row.burst_hits,
        },
        rule,
        now,
      );
      await trx
        .updateTable('rate_limits')
        .set({
          window_start: next.state.windowStart,
          hits: next.state.hits,
          strikes: next.state.strikes,
          blocked_until: next.state.blockedUntil,
          burst_started_at: next.state.burstStartedAt,
          burst_hits: next.state.burstHits,
        })
        .where('key', '=', rule.key)
        .execute();
      if (next.burst !== null) await rule.onBurst?.(trx, next.burst);
      return next;
    });
    waitMs = Math.max(waitMs, step.waitMs);
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/**
 * Seconds until the longest block among `keys` ends, 0 when none is blocked (reads, counts nothing): for limits
 * that count only failures (a wrong handover code), checked before the secret is, so a blocked key tests nothing.
 */
export async function blockedFor(db: Kysely<DB>, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const now = Date.now();
  const rows = await db
    .selectFrom('rate_limits')
    .select('blocked_until')
    .where('key', 'in', [...keys])
    .where('blocked_until', '>', new Date(now))
    .execute();
  const waitMs = Math.max(0, ...rows.map((row) => new Date(row.blocked_until ?? now).getTime() - now));
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/** Forgets a key (a successful sign-in ends the account's run of failed ones). */
export async function clearRateLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Removes counters quiet for longer than `olderThanMs` (housekeeping; any process may run it). */
export async function pruneRateLimits(db: Kysely<DB>, olderThanMs: number): Promise<void> {
  const before = new Date(Date.now() - olderThanMs);
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', before)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', before)]))
    .execute();
}

/**
 * The client address a limit counts: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by its /64,
 * the block one subscriber is given (counting single IPv6 addresses would give an attacker 2^64 tries).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The e-mail a request is about, as accounts are looked up (trimmed, lower case), or ''. */
export const emailOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
    ? body.email.trim().toLowerCase().slice(0, 254)
    : '';

/** The sponsor (alias or PRN) a sign-up names, as looked up (trimmed, lower case), or ''. */
export const sponsorOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && 'sponsor' in body && typeof body.sponsor === 'string'
    ? body.sponsor.trim().toLowerCase().slice(0, 64)
    : '';

/** The shop (its owner's alias or PRN) a shop client's sign-up is sent to, as looked up, or ''. */
export const shopOf = (params: unknown): string =>
  typeof params === 'object' && params !== null && 'alias' in params && typeof params.alias === 'string'
    ? params.alias.trim().toLowerCase().slice(0, 64)
    : '';

/** Sign-ups into a shop, counted per shop as the join counts per sponsor. */
const PER_SHOP: ReadonlySet<string> = new Set(['signUpShopClient']);

/** The key of an operation's per-account limit. */
export const accountKey = (operationId: string, account: string): string =>
  `${operationId}|account|${account}`;

/**
 * Operations that declare 429 but count their own tries: the handover code (wrong codes, per order and clerk) and
 * the 1C exchange (`checkauth` only, per login and address).
 */
const COUNTS_ITS_OWN_TRIES: ReadonlySet<string> = new Set([
  'handOverOrder',
  'exchange1cGet',
  'exchange1cPost',
]);

/** The longest block a key can earn. */
export const MAX_BLOCK_MS = 60 * 60 * 1000;

/**
 * The rules of an operation whose contract answers 429: per account (the e-mail it names, or the caller) whatever
 * the address, with backoff, the owner told of a burst of sign-in attempts; per sponsor when a sign-up names one;
 * and per client address across accounts. None for other operations.
 */
export function rateLimitRules(
  config: Pick<Config, 'loginRateLimit'>,
  operation: ContractOperation,
  request: FastifyRequest,
): RateLimitRule[] {
  const id = operation.operationId;
  if (operation.responses['429'] === undefined || COUNTS_ITS_OWN_TRIES.has(id)) return [];
  const { max, windowMs } = config.loginRateLimit;
  const perAddressMax = config.loginRateLimit.perAddressMax ?? max * 5;
  const backoff = { maxBlockMs: MAX_BLOCK_MS };
  const rules: RateLimitRule[] = [];
  const email = emailOf(request.body);
  const account = email !== '' ? email : request.auth === null ? '' : `user:${request.auth.userId}`;
  if (account !== '') {
    rules.push({
      key: accountKey(id, account),
      max,
      windowMs,
      backoff,
      ...(id === 'login' ? { onBurst: (trx, burst) => notifyLoginBurst(trx, email, burst) } : {}),
    });
  }
  // A public sign-up also counts per sponsor, whatever the address: one distributor's link cannot be used to
  // pour accounts into their line from many addresses (docs/adr/0140-sign-up-under-a-sponsor.md).
  const sponsor = sponsorOf(request.body);
  if (sponsor !== '') rules.push({ key: `${id}|sponsor|${sponsor}`, max, windowMs, backoff });
  // The same for a shop's clients (docs/adr/0146-the-shop-link.md): the shop is named in the path.
  const shop = PER_SHOP.has(id) ? shopOf(request.params) : '';
  if (shop !== '') rules.push({ key: `${id}|shop|${shop}`, max, windowMs, backoff });
  rules.push({ key: `${id}|address|${addressKey(request.ip)}`, max: perAddressMax, windowMs, backoff });
  return rules;
}

/** `preHandler` hook: 429 RATE_LIMITED (with Retry-After) when the request is over a limit. */
export async function enforceRateLimit(request: FastifyRequest): Promise<void> {
  const operation = request.routeOptions.config.contract?.operation;
  if (operation === undefined) return;
  const rules = rateLimitRules(request.server.config, operation, request);
  if (rules.length === 0) return;
  const wait = await hitRateLimits(request.server.db, rules);
  if (wait > 0) throw tooManyRequests(wait);
}
