/**
 * The server's answer to an address the app's route guards would leave at once (`/`, /login signed in, the signed-in
 * area logged out, /dashboard for a USER): a redirect from the same rule (machines/auth/auth.redirects.ts), so the
 * browser is sent on before anything is painted (src/prerender/server-entry.tsx `prerender`).
 */
import { firstRedirect, type RouteGuard, type Visitor } from '../../machines/auth/auth.redirects.ts';
import { urlTokenOf } from '../../machines/auth/auth.rules.ts';
import type { AuthRole } from '../../machines/auth/auth.types.ts';
import { roleFromToken, validTokenPayload } from '../api/token.ts';
import { routeGuards } from '../app/router.tsx';

/** What deciding a redirect needs of the visit (server-entry.tsx `PrerenderRequest`). */
export interface RedirectRequest {
  token: string | null;
  read: (path: string, headers: Record<string, string>) => Promise<Response>;
  apiBase: string;
}

/**
 * The redirect of the address's guards (machines/auth/auth.redirects.ts, the rule the app's guards follow) for a
 * visitor whose session the server knows as the app will: no token at all (logged out at once), or a token the
 * app takes as valid that `/users/me` accepts. Anything else is left to the browser, as the app checks it first: a
 * `/?token=` link (taken, or asked about, by the auth machine), an expired or unreadable token (the session ends
 * with its notice), a token the server refuses.
 */
export async function redirectOf(url: URL, request: RedirectRequest): Promise<string | null> {
  const guards = routeGuards(url);
  if (guards.length === 0 || urlTokenOf(`${url.pathname}${url.search}`) !== null) return null;
  if (request.token === null) return firstRedirect(guards, url, { signedIn: false });
  const role = roleFromToken(request.token);
  if (validTokenPayload(request.token, Date.now()) === null || !mayRedirectSignedIn(guards, url, role))
    return null;
  const visitor = await signedInVisitor(request.token, role, request);
  return visitor === null ? null : firstRedirect(guards, url, visitor);
}

/** Whether the guards could send a visitor of `role` elsewhere: only then is their session read to decide. */
function mayRedirectSignedIn(guards: RouteGuard[], url: URL, role: AuthRole) {
  return [true, false].some(
    (emailConfirmed) => firstRedirect(guards, url, { signedIn: true, role, emailConfirmed }) !== null,
  );
}

/** The signed-in visitor of `token` as `/users/me` answers it, or `null` when it does not accept the token. */
async function signedInVisitor(
  token: string,
  role: AuthRole,
  request: RedirectRequest,
): Promise<Visitor | null> {
  const base = new URL(request.apiBase, 'http://portal.invalid').pathname.replace(/\/$/, '');
  const answer = await request.read(`${base}/users/me`, { authorization: `Bearer ${token}` });
  if (answer.status !== 200) return null;
  const user = (await answer.json()) as { emailConfirmed?: unknown };
  return { signedIn: true, role, emailConfirmed: user.emailConfirmed !== false };
}
