import { Navigate, Outlet, useLocation } from 'react-router-dom';
import {
  guardDecision,
  type GuardDecision,
  type RouteGuard,
  type Visitor,
} from '#machines/auth/auth.redirects.ts';
import {
  selectRole,
  selectIsAuthenticated,
  selectIsConfirmingSwitch,
  selectIsInitialising,
  selectIsStarting,
  selectNeedsEmailConfirmation,
} from '#machines/auth/auth.selectors.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { NotAvailablePage } from '../../features/not-available/not-available-page.tsx';
import { canUsePath } from './access.ts';
import { ConfirmEmailNotice } from './confirm-email-notice.tsx';
import { SwitchAccountPrompt } from './switch-account-prompt.tsx';
import { useAuthSelector, useSessionRunning } from '../../session/auth-context.tsx';
import '../../ui/auth-form.css';

/**
 * The decision of `guard` (machines/auth/auth.redirects.ts: the rule the server's first render follows too) for
 * the visitor the auth machine knows, once it knows them.
 */
function useGuardDecision(guard: RouteGuard) {
  const location = useLocation();
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const role = useAuthSelector(selectRole);
  const needsConfirmation = useAuthSelector(selectNeedsEmailConfirmation);
  const visitor: Visitor = authenticated
    ? { signedIn: true, role, emailConfirmed: !needsConfirmation }
    : { signedIn: false };
  return guardDecision(guard, location, visitor);
}

/** Where a decision sends the visitor, or `null` when it does not. */
function redirectOf(decision: GuardDecision): string | null {
  return typeof decision === 'object' ? decision.redirectTo : null;
}

export function FullPageLoading() {
  return (
    <div className="full-page-loading" aria-busy="true">
      <Spinner />
    </div>
  );
}

/**
 * The logged-in area (spec section 2): renders its routes when logged in, else sends to /login (carrying where
 * the visitor was going). Until the session is known it shows a full-page loading state; an unconfirmed e-mail
 * address shows 'Need to confirm your email' instead of the routes (spec section 5).
 */
export function RequireAuth() {
  const initialising = useAuthSelector(selectIsInitialising);
  const decision = useGuardDecision('private');
  if (initialising) return <FullPageLoading />;
  if (decision === 'confirmEmail') return <ConfirmEmailNotice />;
  const redirect = redirectOf(decision);
  if (redirect !== null) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

/** /login: a logged-in visitor goes back where they were going, else home (/personal for USER, else /dashboard). */
export function PublicOnlyRoute() {
  const initialising = useAuthSelector(selectIsStarting);
  const redirect = redirectOf(useGuardDecision('publicOnly'));
  if (initialising) return <FullPageLoading />;
  if (redirect !== null) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

/**
 * `/`: the auth machine takes a token from the query string first (stored, removed from the address bar), then
 * this sends to /login, /personal (USER) or /dashboard. A link of another account than the one signed in asks first.
 */
export function RootRedirect() {
  const initialising = useAuthSelector(selectIsStarting);
  const confirmingSwitch = useAuthSelector(selectIsConfirmingSwitch);
  const redirect = redirectOf(useGuardDecision('root'));
  if (initialising) return <FullPageLoading />;
  if (confirmingSwitch) return <SwitchAccountPrompt />;
  return redirect === null ? <FullPageLoading /> : <Navigate to={redirect} replace />;
}

/** /dashboard: a USER is sent to /personal (spec sections 2 and 6). */
export function NotForUserRole() {
  const redirect = redirectOf(useGuardDecision('notForUser'));
  if (redirect !== null) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

/**
 * The signed-in screen, or "Not available for your account" when the role may not use it
 * (docs/adr/0011-roles-and-ownership.md): the layout renders this in place of its outlet, so the page keeps
 * the header and its navigation home.
 */
export function RoleOutlet() {
  const { pathname } = useLocation();
  const role = useAuthSelector(selectRole);
  if (!canUsePath(role, pathname)) return <NotAvailablePage />;
  return <Outlet />;
}

/**
 * The public screens other than /login (password recovery, e-mail confirmation, payment results, not found) read
 * data or run machines of their own: they render once the session chunk runs (the query cache, the auth actor).
 */
export function RequireSession() {
  if (!useSessionRunning()) return <FullPageLoading />;
  return <Outlet />;
}
