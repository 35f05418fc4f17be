import { createActorContext } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import {
  type AuthSnapshot,
  selectIsAuthenticated,
  selectIsWarehouseStaff,
  selectUser,
} from '../../machines/auth/auth.selectors.ts';
import { setUnauthorizedHandler } from '../api/auth-bridge.ts';
import { queryClient } from '../api/query-client.ts';
import { provideAuth, readAuthInput } from './auth.actors.ts';
import { authApi, type AuthApi } from './auth.ts';
import { LiveEvents } from './live-events.tsx';
import { LanguageProvider } from './language-context.tsx';

export type AuthActorRef = ActorRefFrom<typeof authMachine>;

/** The app-wide auth actor (mounted once by `AuthProvider`, read with the hooks below). */
export const AuthContext = createActorContext(authMachine);

export interface AuthProviderProps {
  children: ReactNode;
  /** Implementations of the auth calls; the app's client by default (tests pass one over an injected fetch). */
  api?: AuthApi;
}

/** Registers the client's 401 handler while the auth actor runs. */
function UnauthorizedBridge() {
  const actorRef = AuthContext.useActorRef();
  useEffect(() => setUnauthorizedHandler(() => actorRef.send({ type: 'auth.unauthorized' })), [actorRef]);
  return null;
}

/** The live-event stream of whoever is signed in (restarted for another user). */
function LiveEventsOfUser() {
  const authenticated = AuthContext.useSelector(selectIsAuthenticated);
  const userId = AuthContext.useSelector((snapshot) => selectUser(snapshot)?.id ?? null);
  const isStaff = AuthContext.useSelector(selectIsWarehouseStaff);
  return <LiveEvents authenticated={authenticated} userId={userId} isStaff={isStaff} />;
}

/**
 * Runs the auth actor for the app. It must sit inside the router: it navigates (query-token clean-up, /login after
 * a 401 or an expired token). It registers the client's 401 handler while mounted, and mounts the app-wide
 * language actor below it.
 */
export function AuthProvider({ children, api = authApi }: AuthProviderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [input] = useState(() => readAuthInput(location));
  // A new location gives new implementations, not a new actor: the actor (same machine config) is kept and the
  // implementations swapped in, so the actions always see the current location.
  const logic = useMemo(
    () => provideAuth({ api, queryClient, navigate, location: () => location }),
    [api, navigate, location],
  );
  return (
    <AuthContext.Provider logic={logic} options={{ input }}>
      <UnauthorizedBridge />
      <LiveEventsOfUser />
      <LanguageProvider>{children}</LanguageProvider>
    </AuthContext.Provider>
  );
}

/** The layout route element that runs auth for every route below it: `{ element: <AuthRoot />, children }`. */
export function AuthRoot() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

export function useAuthActorRef(): AuthActorRef {
  return AuthContext.useActorRef();
}

/** Reads the auth machine through a selector from `machines/auth/auth.selectors.ts`. */
export function useAuthSelector<T>(
  selector: (snapshot: AuthSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return AuthContext.useSelector(selector, compare);
}

/** Sends an event to the auth machine (`auth.login`, `auth.logout`, `auth.user.refresh`, ...). */
export function useAuthSend(): AuthActorRef['send'] {
  const actorRef = useAuthActorRef();
  return useMemo(() => actorRef.send.bind(actorRef), [actorRef]);
}
