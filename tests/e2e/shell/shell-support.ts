// Helpers of the SPA shell's browser tests: the catalogs' texts (so assertions read what the user reads, in the
// active language), tokens signed with the test server's secret, and the app's stored state.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeJwt, SignJWT } from 'jose';
import type { BrowserContext, Page } from '@playwright/test';
import { E2E_JWT_SECRET } from '../support/global-setup';
import { baseURL } from '../support/fixtures';

export const LOCALES = ['ru', 'en', 'ro', 'uk', 'it'] as const;
export type Locale = (typeof LOCALES)[number];

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const catalogs = new Map<Locale, Map<string, string>>();

function unquote(text: string): string {
  return text.replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/**
 * msgid → msgstr of `locales/<locale>/messages.po` (single-line entries, as `lingui extract` writes them). Entries
 * with a `msgctxt` (one order's status "New" beside the tab "New") are left out: `tr` names the plain message.
 */
function catalog(locale: Locale): Map<string, string> {
  const cached = catalogs.get(locale);
  if (cached !== undefined) return cached;
  const text = readFileSync(join(ROOT, 'locales', locale, 'messages.po'), 'utf8');
  const entries = new Map<string, string>();
  for (const match of text.matchAll(
    /^(?<!^msgctxt .*\r?\n)msgid "((?:[^"\\]|\\.)*)"\r?\nmsgstr "((?:[^"\\]|\\.)*)"$/gm,
  )) {
    const id = unquote(match[1] ?? '');
    const translation = unquote(match[2] ?? '');
    if (id !== '') entries.set(id, translation);
  }
  catalogs.set(locale, entries);
  return entries;
}

/** What the interface shows for the English source text `id` in `locale`; throws when it is not translated. */
export function tr(locale: Locale, id: string): string {
  const translation = catalog(locale).get(id);
  if (translation === undefined || translation === '') {
    throw new Error(`locales/${locale}/messages.po has no translation of ${JSON.stringify(id)}`);
  }
  return translation;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A URL path pattern that matches `path` exactly (with an optional query or hash). */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^[a-z]+://[^/]+${escaped}(?:[?#].*)?$`);
}

export interface TokenClaims {
  sub: string;
  wh: boolean;
  par: boolean;
  sv: number;
}

/** The claims of a token the server issued (`sub`, `wh`, `par`, `sv`), to sign variants of it. */
export function claimsOf(token: string): TokenClaims {
  const payload = decodeJwt(token);
  const { sub, wh, par, sv } = payload;
  if (
    typeof sub !== 'string' ||
    typeof wh !== 'boolean' ||
    typeof par !== 'boolean' ||
    typeof sv !== 'number'
  ) {
    throw new Error(`unexpected token payload ${JSON.stringify(payload)}`);
  }
  return { sub, wh, par, sv };
}

/**
 * An HS256 token as the server signs them (docs/adr/0010-bearer-tokens.md), with the secret the global setup
 * gives the test server, expiring at `exp` (seconds since the epoch; may be in the past).
 */
export async function signToken(claims: TokenClaims, exp: number, iat = Math.min(exp, nowSeconds()) - 60) {
  return (
    new SignJWT({ wh: claims.wh, par: claims.par, sv: claims.sv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      // Every token the server signs carries an id (what logout revokes); a token without one is refused.
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(E2E_JWT_SECRET))
  );
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Puts the token where the app keeps it (the `token` cookie of the app's origin), as after a login. */
export async function setTokenCookie(
  context: BrowserContext,
  token: string,
  expires?: number,
): Promise<void> {
  await context.addCookies([
    {
      name: 'token',
      value: token,
      url: baseURL(),
      sameSite: 'Lax',
      ...(expires === undefined ? {} : { expires }),
    },
  ]);
}

/** The value of the `token` cookie of the app's origin, or null. */
export async function tokenCookie(context: BrowserContext): Promise<string | null> {
  const cookies = await context.cookies(baseURL());
  return cookies.find((cookie) => cookie.name === 'token')?.value ?? null;
}

export interface StoredUserEntry {
  user: { id?: unknown; email?: unknown; lang?: unknown } | null;
  isAuthenticated: boolean;
}

/** `localStorage['user-storage']`, parsed (null when absent). */
export async function storedUser(page: Page): Promise<StoredUserEntry | null> {
  const raw = await page.evaluate(() => localStorage.getItem('user-storage'));
  return raw === null ? null : (JSON.parse(raw) as StoredUserEntry);
}
