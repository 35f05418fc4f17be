/**
 * The session's eager half, in the entry: the auth provider and the hooks views read the session with. The machines
 * and the query cache load late, in the session chunk (`session-runtime.tsx`, whose header says why).
 */
import { QueryClientContext } from '@portal/query-client-context';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  type ReactNode,
} from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { AuthSnapshot } from '../../machines/auth/auth.selectors.ts';
import { authStartSnapshot, initialAuthContext, startsLoggedOut } from '../../machines/auth/auth.start.ts';
import type { AuthInput } from '../../machines/auth/auth.types.ts';
import { readTokenCookie } from '../api/token.ts';
import { atFirstInteraction } from '../platform/first-interaction.ts';
import type { AuthApi } from '../data/auth.ts';
import { DeferredActor, useDeferredSelector } from './deferred-actor.ts';
import { createLanguageActor, LanguageActorProvider } from './language-context.tsx';
import type { AuthActor, PrerenderedSession, RouterHandle, RunningSession } from './session-types.ts';
import { readStoredUser } from './user-storage.ts';

export type { AuthActor, PrerenderedSession, RouterHandle } from './session-types.ts';

const AuthActorContext = createContext<AuthActor | null>(null);
const SessionContext = createContext<RunningSession | null>(null);

const PrerenderedSessionContext = createContext<PrerenderedSession | null>(null);
export const PrerenderedSessionProvider = PrerenderedSessionContext.Provider;
const SessionRequestContext = createContext<() => void>(() => undefined);

/**
 * The session chunk: the auth, language and live-event machines (xstate) and the query cache. With a token (a
 * session is likely) `src/main.tsx` starts loading it at boot, beside the screen's chunk (the boot script preloads
 * it too). Without one the visit starts logged out and nothing waits for it: it loads at the first interaction, at
 * the first event a view sends, or when a screen needs it (`RequireSession`), whichever comes first.
 */
export const loadSessionRuntime = () => import('./session-runtime.tsx');

/** True when the visit starts with a token (cookie, or `?token=` on `/`): the session chunk is needed at once. */
export function sessionExpected(location: { pathname: string; search: string } = window.location): boolean {
  return !startsLoggedOut(initialAuthContext(readAuthInput(location)));
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Implementations of the auth calls; the app's client by default (tests pass one over an injected fetch). */
  api?: AuthApi;
}

/** What the machine reads at start-up: the router location, the token cookie and the stored user. */
export function readAuthInput(location: { pathname: string; search: string }): AuthInput {
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
  const prerendered = useContext(PrerenderedSessionContext);
  const [input] = useState(() => prerendered?.input ?? readAuthInput(location));
  // Wanted at once with a token; without one, later (see `loadSessionRuntime`) or when an event must wait for it.
  const [wanted, setWanted] = useState(
    () => prerendered !== null || !startsLoggedOut(initialAuthContext(input)),
  );
  const want = useCallback(() => setWanted(true), []);
  const [auth] = useState<AuthActor>(
    () => prerendered?.auth ?? new DeferredActor(authStartSnapshot(input), want),
  );
  const [language] = useState(() => prerendered?.language ?? createLanguageActor(want));
  const [session, setSession] = useState<RunningSession | null>(() => prerendered?.session ?? null);
  const outerQueryClient = useContext(QueryClientContext);
  // The actions always see the current location and navigate function, without a new actor.
  const [routerRef] = useState<RouterHandle>(() => prerendered?.router ?? { current: null });
  useLayoutEffect(() => {
    routerRef.current = { navigate, location };
  }, [routerRef, navigate, location]);

  // A visitor signing in touches the form seconds before sending it; one who only reads never pays for the code.
  useEffect(() => (wanted ? undefined : atFirstInteraction(want)), [wanted, want]);

  useEffect(() => {
    if (!wanted || prerendered !== null) return;
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
          navigate: (to, options) => routerRef.current?.navigate(to, options),
          location: () => routerRef.current?.location ?? location,
        });
        setSession(running);
      })
      .catch((error: unknown) => console.error('[auth] the session could not start', error));
    return () => {
      stopped = true;
      running?.stop();
    };
    // `location` is only the fallback before the first layout effect; a new one does not restart the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, prerendered, api, input, auth, language, routerRef]);

  const Live = session?.LiveEvents;
  return (
    <QueryClientContext.Provider value={session?.queryClient ?? outerQueryClient}>
      <SessionContext.Provider value={session}>
        <SessionRequestContext.Provider value={want}>
          <AuthActorContext.Provider value={auth}>
            <LanguageActorProvider value={language}>
              {Live === undefined ? null : <Live />}
              {children}
            </LanguageActorProvider>
          </AuthActorContext.Provider>
        </SessionRequestContext.Provider>
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

/**
 * True once the session chunk runs (the machines and the query cache): screens that read data wait for it. Asks for
 * the chunk at once if a logged-out visit had not loaded it yet.
 */
export function useSessionRunning(): boolean {
  const request = useContext(SessionRequestContext);
  const running = useContext(SessionContext) !== null;
  useEffect(() => {
    if (!running) request();
  }, [running, request]);
  return running;
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
