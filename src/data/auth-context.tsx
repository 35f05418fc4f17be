import { QueryClientContext } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { AuthSnapshot } from '../../machines/auth/auth.selectors.ts';
import { authStartSnapshot } from '../../machines/auth/auth.start.ts';
import type { AuthEvent } from '../../machines/auth/auth.types.ts';
import { readTokenCookie } from '../api/token.ts';
import type { AuthApi } from './auth.ts';
import { DeferredActor, useDeferredSelector } from './deferred-actor.ts';
import { createLanguageActor, LanguageActorProvider } from './language-context.tsx';
import type { RunningSession } from './session-runtime.tsx';
import { readStoredUser } from './user-storage.ts';

export type AuthActor = DeferredActor<AuthSnapshot, AuthEvent>;

const AuthActorContext = createContext<AuthActor | null>(null);
const SessionContext = createContext<RunningSession | null>(null);

/**
 * The session chunk: the auth, language and live-event machines (xstate) and the query cache. `src/main.tsx` starts
 * loading it at boot, beside the screen's chunk (the boot script preloads it too); nothing waits for it to paint a
 * logged-out page.
 */
export const loadSessionRuntime = () => import('./session-runtime.tsx');

export interface AuthProviderProps {
  children: ReactNode;
  /** Implementations of the auth calls; the app's client by default (tests pass one over an injected fetch). */
  api?: AuthApi;
}

/** What the machine reads at start-up: the router location, the token cookie and the stored user. */
function readAuthInput(location: { pathname: string; search: string }) {
  return {
    initialUrl: `${location.pathname}${location.search}`,
    storedToken: readTokenCookie(),
    storedUser: readStoredUser(),
  };
}

/**
 * Runs the auth actor for the app. It must sit inside the router: it navigates (query-token clean-up, /login after
 * a 401 or an expired token). Views render at once from the machine's start state (a visit without a token is
 * logged out: the login page paints without xstate); the session chunk then starts the auth and language actors
 * from the same input, and they take over (events sent meanwhile are delivered in order). While running, the
 * session registers the client's 401 handler, keeps the live-event stream of the signed-in user and provides
 * the query cache.
 */
export function AuthProvider({ children, api }: AuthProviderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [input] = useState(() => readAuthInput(location));
  const [auth] = useState<AuthActor>(() => new DeferredActor(authStartSnapshot(input)));
  const [language] = useState(createLanguageActor);
  const [session, setSession] = useState<RunningSession | null>(null);
  const outerQueryClient = useContext(QueryClientContext);
  // The actions always see the current location and navigate function, without a new actor.
  const router = useRef({ navigate, location });
  useLayoutEffect(() => {
    router.current = { navigate, location };
  }, [navigate, location]);

  useEffect(() => {
    let stopped = false;
    let running: RunningSession | null = null;
    loadSessionRuntime()
      .then(({ startSession }) => {
        if (stopped) return;
        running = startSession({
          api,
          input,
          auth,
          language,
          navigate: (to, options) => router.current.navigate(to, options),
          location: () => router.current.location,
        });
        setSession(running);
      })
      .catch((error: unknown) => console.error('[auth] the session could not start', error));
    return () => {
      stopped = true;
      running?.stop();
    };
  }, [api, input, auth, language]);

  const Live = session?.LiveEvents;
  return (
    <QueryClientContext.Provider value={session?.queryClient ?? outerQueryClient}>
      <SessionContext.Provider value={session}>
        <AuthActorContext.Provider value={auth}>
          <LanguageActorProvider value={language}>
            {Live === undefined ? null : <Live />}
            {children}
          </LanguageActorProvider>
        </AuthActorContext.Provider>
      </SessionContext.Provider>
    </QueryClientContext.Provider>
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

function useAuthActor(): AuthActor {
  const actor = useContext(AuthActorContext);
  if (actor === null) throw new Error('The auth actor is used outside AuthProvider');
  return actor;
}

/** True once the session chunk runs (the machines and the query cache): screens that read data wait for it. */
export function useSessionRunning(): boolean {
  return useContext(SessionContext) !== null;
}

/** Reads the auth machine through a selector from `machines/auth/auth.selectors.ts`. */
export function useAuthSelector<T>(
  selector: (snapshot: AuthSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useDeferredSelector(useAuthActor(), selector, compare);
}

/** Sends an event to the auth machine (`auth.login`, `auth.logout`, `auth.user.refresh`, ...). */
export function useAuthSend(): AuthActor['send'] {
  return useAuthActor().send;
}
