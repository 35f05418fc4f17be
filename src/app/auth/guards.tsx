import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isLoginPath } from '#machines/auth/auth.rules.ts';
import {
  selectRole,
  selectHomePath,
  selectIsAuthenticated,
  selectIsInitialising,
  selectIsStarting,
  selectIsUserRole,
  selectNeedsEmailConfirmation,
} from '#machines/auth/auth.selectors.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { NotAvailablePage } from '../../features/not-available/not-available-page.tsx';
import { canUsePath } from './access.ts';
import { ConfirmEmailNotice } from './confirm-email-notice.tsx';
import { useAuthSelector, useSessionRunning } from '../../session/auth-context.tsx';
import '../../ui/auth-form.css';

/** `location.state` of a redirect to /login: where to go back after logging in. */
interface FromState {
  from?: { pathname?: unknown; search?: unknown };
}

function returnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as FromState).from;
  if (typeof from?.pathname !== 'string' || !from.pathname.startsWith('/') || isLoginPath(from.pathname))
    return null;
  if (from.pathname === '/') return null;
  return `${from.pathname}${typeof from.search === 'string' ? from.search : ''}`;
}

export function FullPageLoading() {
  return (
    <div className="full-page-loading" aria-busy="true">
      <Spinner />
    </div>
  );
}

/**
 * The logged-in area (spec section 2): renders its routes when logged in, else sends to /login (remembering where
 * the visitor was going). Until the session is known it shows a full-page loading state; an unconfirmed e-mail
 * address shows 'Need to confirm your email' instead of the routes (spec section 5).
 */
export function RequireAuth() {
  const location = useLocation();
  const initialising = useAuthSelector(selectIsInitialising);
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const needsConfirmation = useAuthSelector(selectNeedsEmailConfirmation);
  if (initialising) return <FullPageLoading />;
  if (!authenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  if (needsConfirmation) return <ConfirmEmailNotice />;
  return <Outlet />;
}

/** /login: a logged-in visitor goes back where they were going, else home (/personal for USER, else /dashboard). */
export function PublicOnlyRoute() {
  const location = useLocation();
  const initialising = useAuthSelector(selectIsStarting);
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const homePath = useAuthSelector(selectHomePath);
  if (initialising) return <FullPageLoading />;
  if (authenticated) return <Navigate to={returnPath(location.state) ?? homePath} replace />;
  return <Outlet />;
}

/**
 * `/`: the auth machine takes a token from the query string first (stored, removed from the address bar), then
 * this sends to /login, /personal (USER) or /dashboard.
 */
export function RootRedirect() {
  const initialising = useAuthSelector(selectIsStarting);
  const homePath = useAuthSelector(selectHomePath);
  if (initialising) return <FullPageLoading />;
  return <Navigate to={homePath} replace />;
}

/** /dashboard: a USER is sent to /personal (spec sections 2 and 6). */
export function NotForUserRole() {
  const isUser = useAuthSelector(selectIsUserRole);
  if (isUser) return <Navigate to="/personal" replace />;
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
