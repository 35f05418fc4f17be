import { isLoginPath } from './auth.rules.ts';
import { homePathFor } from './auth.selectors.ts';
import type { AuthRole } from './auth.types.ts';

/**
 * Where the app sends a visitor instead of the screen they opened (spec sections 2 and 6), as one rule that the
 * browser's route guards (`src/app/auth/guards.tsx`) and the server's first render (`src/prerender/server-entry.tsx`)
 * both read, so a redirect the server answers itself (302) is the one the app would have made
 * (docs/adr/0068-server-renders-first-screen.md).
 *
 * Each guard of the route table (`src/app/router.tsx`, `handle.guard`) decides for the addresses below it:
 *   root        `/`: home for the session (/login logged out, /personal for a USER, /dashboard for the others)
 *   publicOnly  /login: a signed-in visitor goes where they were going (`?from=`), else home
 *   private     the signed-in area: a logged-out visitor goes to /login, carrying where they were going;
 *               a signed-in one whose e-mail is not confirmed sees the confirmation notice in its place
 *   notForUser  /dashboard: a USER goes to /personal
 */
export type RouteGuard = 'root' | 'publicOnly' | 'private' | 'notForUser';

/** Who the guards decide for, once the session is known. */
export type Visitor =
  | { signedIn: false }
  | {
      signedIn: true;
      role: AuthRole;
      /** `false` only when /users/me says the e-mail address is not confirmed. */
      emailConfirmed: boolean;
    };

/** A guard's answer: send elsewhere, show the e-mail confirmation notice in place of the routes, or go on in. */
export type GuardDecision = { redirectTo: string } | 'confirmEmail' | 'enter';

/** The query parameter of /login that says where to go back after logging in. */
export const RETURN_PARAM = 'from';

const ORIGIN = 'http://portal.invalid';

/** An address as the router and the server both have it: its path and its query (`?…` or empty). */
export interface PathAndQuery {
  pathname: string;
  search: string;
}

/**
 * /login, carrying where the visitor was going as `?from=` (its path and query). A query parameter, not history
 * state, so that a redirect the server answers carries it too. Nothing is carried from `/` or a login path.
 */
export function loginPathFrom(location: PathAndQuery): string {
  if (location.pathname === '/' || isLoginPath(location.pathname)) return '/login';
  const params = new URLSearchParams({ [RETURN_PARAM]: `${location.pathname}${location.search}` });
  return `/login?${params.toString()}`;
}

/**
 * Where /login's `?from=` says to go back to: a path of this site (never another origin, however it is written:
 * `//host`, `/\host`, a tab inside), not `/` and not a login path; `null` otherwise. The value is anyone's to write
 * in a link, so only a same-origin path and query are ever returned.
 */
export function returnPathOf(search: string): string | null {
  const from = new URLSearchParams(search).get(RETURN_PARAM);
  if (from === null || !from.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(from, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname === '/' || isLoginPath(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

function home(visitor: Visitor): string {
  return visitor.signedIn ? homePathFor(visitor.role, true) : homePathFor('unspecified', false);
}

/** What `guard` does with `visitor` at `location`. */
export function guardDecision(guard: RouteGuard, location: PathAndQuery, visitor: Visitor): GuardDecision {
  switch (guard) {
    case 'root':
      return { redirectTo: home(visitor) };
    case 'publicOnly':
      return visitor.signedIn ? { redirectTo: returnPathOf(location.search) ?? home(visitor) } : 'enter';
    case 'private':
      if (!visitor.signedIn) return { redirectTo: loginPathFrom(location) };
      return visitor.emailConfirmed ? 'enter' : 'confirmEmail';
    case 'notForUser':
      return visitor.signedIn && visitor.role === 'user' ? { redirectTo: '/personal' } : 'enter';
  }
}

/**
 * Where an address sends `visitor` before any screen renders: the first of its guards (outermost first) that sends
 * elsewhere, or `null` when the address renders (a guard that shows the confirmation notice stops the ones inside).
 */
export function firstRedirect(
  guards: readonly RouteGuard[],
  location: PathAndQuery,
  visitor: Visitor,
): string | null {
  for (const guard of guards) {
    const decision = guardDecision(guard, location, visitor);
    if (decision === 'confirmEmail') return null;
    if (decision !== 'enter') return decision.redirectTo;
  }
  return null;
}
