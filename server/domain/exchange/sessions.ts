/**
 * Exchange sessions: `mode=checkauth` opens one and answers its cookie; every later mode names it. A session keeps
 * the ids of its last `mode=query` (what `mode=success` confirms) and the parts of a file 1C sends in pieces.
 *
 * Sessions live in memory, one store per database: an exchange run is a few seconds of 1C calls, and losing a
 * session (a restart) loses nothing: queried orders stay `sent` and the next run is offered them again.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'mlm_1c_exchange';
/** A session unused for this long is forgotten (1C starts every run with checkauth). */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** At most this many sessions at once (the oldest goes first). */
export const MAX_SESSIONS = 64;

export interface ExchangeSession {
  readonly id: string;
  lastSeen: number;
  /** Order ids of the last `mode=query` not yet confirmed by `mode=success`; null when none is pending. */
  lastQuery: number[] | null;
  /** Parts of files being received (`filename` → bytes so far). */
  pendingFiles: Map<string, Buffer>;
}

export class ExchangeSessions {
  readonly #sessions = new Map<string, ExchangeSession>();

  open(now: number = Date.now()): ExchangeSession {
    this.#sweep(now);
    while (this.#sessions.size >= MAX_SESSIONS) {
      const oldest = this.#sessions.keys().next();
      if (oldest.done === true) break;
      this.#sessions.delete(oldest.value);
    }
    const session: ExchangeSession = {
      id: randomBytes(32).toString('base64url'),
      lastSeen: now,
      lastQuery: null,
      pendingFiles: new Map(),
    };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The live session with this id (its idle clock restarts), or null. */
  find(id: string | null, now: number = Date.now()): ExchangeSession | null {
    this.#sweep(now);
    if (id === null) return null;
    const session = this.#sessions.get(id);
    if (session === undefined) return null;
    session.lastSeen = now;
    // Re-insert so the map stays in least-recently-used order.
    this.#sessions.delete(id);
    this.#sessions.set(id, session);
    return session;
  }

  get size(): number {
    return this.#sessions.size;
  }

  #sweep(now: number): void {
    for (const [id, session] of this.#sessions) {
      if (now - session.lastSeen > SESSION_IDLE_MS) this.#sessions.delete(id);
    }
  }
}

const stores = new WeakMap<object, ExchangeSessions>();

/** The session store of one database (the app's `db`), created on first use. */
export function sessionsFor(key: object): ExchangeSessions {
  let store = stores.get(key);
  if (store === undefined) {
    store = new ExchangeSessions();
    stores.set(key, store);
  }
  return store;
}

/** The value of one cookie in a `Cookie` header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part
      .slice(index + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    return value === '' ? null : value;
  }
  return null;
}

export type BasicCredentials = { user: string; password: string };

/** `Authorization: Basic <base64(user:password)>`, or null when absent or not Basic. */
export function readBasicCredentials(header: string | undefined): BasicCredentials | null {
  const match = header === undefined ? null : /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  const encoded = match?.[1];
  if (encoded === undefined) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Compares without leaking where the strings differ (both sides hashed to one length first). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
