// The route guards' rule (machines/auth/auth.redirects.ts), which the app's guards and the server's first render
// both follow: where each address sends each kind of visitor, and that a return address never leaves the site.
import { describe, expect, it } from 'vitest';
import {
  firstRedirect,
  guardDecision,
  loginPathFrom,
  returnPathOf,
  type RouteGuard,
  type Visitor,
} from '../../../machines/auth/auth.redirects.ts';
import type { AuthRole } from '../../../machines/auth/auth.types.ts';

const anonymous: Visitor = { signedIn: false };
const signedIn = (role: AuthRole, emailConfirmed = true): Visitor => ({
  signedIn: true,
  role,
  emailConfirmed,
});
const at = (address: string) => {
  const url = new URL(address, 'http://portal.invalid');
  return { pathname: url.pathname, search: url.search };
};

/** The guards of the route table (src/app/router.tsx) for the addresses these tests open. */
const GUARDS: Record<string, RouteGuard[]> = {
  '/': ['root'],
  '/login': ['publicOnly'],
  '/dashboard': ['private', 'notForUser'],
  '/documents': ['private'],
};
const redirect = (address: string, visitor: Visitor) =>
  firstRedirect(GUARDS[at(address).pathname] ?? [], at(address), visitor);

describe('where the first render sends a visitor', () => {
  it('sends / home: /login logged out, /personal for a USER, /dashboard for every other role', () => {
    expect(redirect('/', anonymous)).toBe('/login');
    expect(redirect('/', signedIn('user'))).toBe('/personal');
    for (const role of ['partner', 'warehouse', 'partner_warehouse'] as const)
      expect(redirect('/', signedIn(role)), role).toBe('/dashboard');
    // The query of / is not carried home (the app's <Navigate> to home does not either).
    expect(redirect('/?utm=x', signedIn('partner'))).toBe('/dashboard');
  });

  it('sends a signed-in visitor off /login: where they were going, else home; a logged-out one stays', () => {
    expect(redirect('/login', anonymous)).toBeNull();
    expect(redirect('/login?from=%2Fdocuments', anonymous)).toBeNull();
    expect(redirect('/login', signedIn('warehouse'))).toBe('/dashboard');
    expect(redirect('/login', signedIn('user', false))).toBe('/personal');
    expect(redirect('/login?from=%2Fmy-orders%3Fpage%3D2', signedIn('user'))).toBe('/my-orders?page=2');
  });

  it('sends a logged-out visitor from the signed-in area to /login, carrying the path and query', () => {
    expect(redirect('/documents', anonymous)).toBe('/login?from=%2Fdocuments');
    expect(redirect('/documents?year=2026&q=a%26b', anonymous)).toBe(
      `/login?from=${encodeURIComponent('/documents?year=2026&q=a%26b')}`,
    );
    // What it carries is what /login takes back.
    const login = redirect('/documents?year=2026&q=a%26b', anonymous) ?? '';
    expect(returnPathOf(new URL(login, 'http://portal.invalid').search)).toBe('/documents?year=2026&q=a%26b');
    expect(redirect('/dashboard', anonymous)).toBe('/login?from=%2Fdashboard');
  });

  it('sends a USER from /dashboard to /personal, and no other role', () => {
    expect(redirect('/dashboard', signedIn('user'))).toBe('/personal');
    for (const role of ['partner', 'warehouse', 'partner_warehouse'] as const)
      expect(redirect('/dashboard', signedIn(role)), role).toBeNull();
    expect(redirect('/documents', signedIn('user'))).toBeNull();
  });

  it('shows an unconfirmed address its notice in place of the area: no guard inside it redirects', () => {
    expect(guardDecision('private', at('/dashboard'), signedIn('user', false))).toBe('confirmEmail');
    expect(redirect('/dashboard', signedIn('user', false))).toBeNull();
  });

  it('redirects nowhere without a guard', () => {
    expect(firstRedirect([], at('/reset-pass'), anonymous)).toBeNull();
  });
});

describe('the return address', () => {
  it('is carried from no login path and not from /', () => {
    expect(loginPathFrom(at('/'))).toBe('/login');
    expect(loginPathFrom(at('/login?from=%2Fx'))).toBe('/login');
    expect(loginPathFrom(at('/reset-pass/'))).toBe('/login');
  });

  it.each([
    ['another origin', 'https://evil.example/x'],
    ['a protocol-relative address', '//evil.example/x'],
    ['a backslash host', '/\\evil.example/x'],
    ['a tab hiding a second slash', '/\t/evil.example/x'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'documents'],
    ['/ itself', '/'],
    ['a login path', '/login?from=%2Fdocuments'],
    ['a login path with a trailing slash', '/reset-pass/'],
    ['nothing', ''],
  ])('never leads to %s', (_name, from) => {
    expect(returnPathOf(`?${new URLSearchParams({ from }).toString()}`)).toBeNull();
  });

  it('is read with or without the ? and keeps its own query', () => {
    expect(returnPathOf('from=%2Fclient-base%2F4%3Ftab%3Dorders')).toBe('/client-base/4?tab=orders');
    expect(returnPathOf('?x=1&from=/charts')).toBe('/charts');
    expect(returnPathOf('')).toBeNull();
  });
});
