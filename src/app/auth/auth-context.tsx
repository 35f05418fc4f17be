import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate, type Location } from 'react-router-dom';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { isLoginPath, searchWithoutToken } from '../../../machines/auth/auth.guards.ts';
import { authMachine } from '../../../machines/auth/auth.machine.ts';
import type { AuthSnapshot } from '../../../machines/auth/auth.selectors.ts';
import type { AuthInput } from '../../../machines/auth/auth.types.ts';
import { setUnauthorizedHandler } from '../../api/auth-bridge.ts';
import { queryClient } from '../../api/query-client.ts';
import { activateLocale, i18n } from '../../i18n/i18n.ts';
import { showErrorToast } from '../toast-bridge.ts';
import { authApi, meQueryKey, myWarehouseQueryKey, type AuthApi } from './auth-api.ts';
import { clearTokenCookie, readTokenCookie, writeTokenCookie } from './token.ts';
import { readStoredUser, writeStoredUser } from './user-storage.ts';

export type AuthActorRef = ActorRefFrom<typeof authMachine>;

const AuthActorContext = createContext<AuthActorRef | null>(null);

const LOGIN_PATH = '/login';

interface AuthEffects {
  api: AuthApi;
  navigate: ReturnType<typeof useNavigate>;
  /** The router's current location. */
  location: () => Location;
}

/** The machine with the app's implementations of every named actor and action. */
export function provideAuthMachine({ api, navigate, location }: AuthEffects) {
  return authMachine.provide({
    actors: {
      login: fromPromise(({ input }) => api.login(input)),
      fetchUser: fromPromise(() =>
        queryClient.fetchQuery({
          queryKey: meQueryKey,
          queryFn: ({ signal }) => api.fetchMe(signal),
          staleTime: 0,
        }),
      ),
      fetchWarehouse: fromPromise(() =>
        queryClient.fetchQuery({
          queryKey: myWarehouseQueryKey,
          queryFn: ({ signal }) => api.fetchMyWarehouse(signal),
          staleTime: 0,
        }),
      ),
      resendConfirmation: fromPromise(() => api.resendConfirmation()),
    },
    actions: {
      storeToken: (_, { token, expiresAt }) => writeTokenCookie(token, expiresAt),
      clearToken: () => clearTokenCookie(),
      removeTokenFromUrl: () => {
        const current = location();
        const historyState: unknown = current.state;
        void navigate(
          { pathname: current.pathname, search: searchWithoutToken(current.search), hash: current.hash },
          { replace: true, state: historyState },
        );
      },
      persistUser: (_, value) => writeStoredUser(value),
      applyLanguage: (_, { lang }) => {
        if (i18n.locale === lang) return;
        activateLocale(lang).catch((error: unknown) =>
          console.error('[auth] could not apply the language', error),
        );
      },
      redirectToLogin: () => {
        if (!isLoginPath(location().pathname)) void navigate(LOGIN_PATH, { replace: true });
      },
      clearServerCache: () => queryClient.clear(),
      logError: (_, { source, error }) => console.error(`[auth] ${source} failed`, error),
      reportError: (_, { error }) => showErrorToast(error),
    },
  });
}

/** What the machine reads at start-up: the router location, the token cookie and the stored user. */
export function readAuthInput(location: Pick<Location, 'pathname' | 'search'>): AuthInput {
  return {
    initialUrl: `${location.pathname}${location.search}`,
    storedToken: readTokenCookie(),
    storedUser: readStoredUser(),
  };
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Implementations of the auth calls; the app's client by default (tests pass one over an injected fetch). */
  api?: AuthApi;
}

/**
 * Runs the auth actor for the app. It must sit inside the router: it navigates (query-token clean-up, /login after
 * a 401 or an expired token). It registers the client's 401 handler while mounted.
 */
export function AuthProvider({ children, api = authApi }: AuthProviderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [input] = useState(() => readAuthInput(location));
  // A new location gives new implementations, not a new actor: useActorRef keeps the actor (same machine config)
  // and swaps the implementations in, so the actions always see the current location.
  const logic = useMemo(
    () => provideAuthMachine({ api, navigate, location: () => location }),
    [api, navigate, location],
  );
  const actorRef = useActorRef(logic, { input });

  useEffect(() => setUnauthorizedHandler(() => actorRef.send({ type: 'auth.unauthorized' })), [actorRef]);

  return <AuthActorContext.Provider value={actorRef}>{children}</AuthActorContext.Provider>;
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
  const actorRef = useContext(AuthActorContext);
  if (actorRef === null) throw new Error('Auth hooks need an <AuthProvider> (AuthRoot) above them.');
  return actorRef;
}

/** Reads the auth machine through a selector from `machines/auth/auth.selectors.ts`. */
export function useAuthSelector<T>(
  selector: (snapshot: AuthSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useAuthActorRef(), selector, compare);
}

/** Sends an event to the auth machine (`auth.login`, `auth.logout`, `auth.user.refresh`, ...). */
export function useAuthSend(): AuthActorRef['send'] {
  const actorRef = useAuthActorRef();
  return useMemo(() => actorRef.send.bind(actorRef), [actorRef]);
}
