/**
 * src/session/: the signed-in session, in two halves, because it loads late.
 *
 * Why late: the up-front JavaScript of every page is budgeted (`npm run budget`: at most 1.6x a bare React 19
 * page, gzip). XState, the auth, language and live-event machines and the query cache would count against it, and a
 * visit without a token (the login page) paints without any of them. So the session is split:
 * - the eager half, in the entry: `auth-context.tsx` (AuthProvider, the hooks views use, `loadSessionRuntime`),
 *   `language-context.tsx`, `deferred-actor.ts` (an actor the views read and send to before its machine has loaded:
 *   the machine's start state from `machines/auth/auth.start.ts` and `machines/language/language.start.ts`, computed
 *   without xstate) and `user-storage.ts`;
 * - the late half, this module, the `session` chunk (`scripts/lib/chunk-groups.mjs`): with a token it loads at boot
 *   beside the first screen (the boot script preloads it); without one once the page is idle, at the first
 *   interaction, or when a screen or an event needs it. It starts the auth and language actors (their machines
 *   provided in `auth.actors.ts` and `language.actors.ts`) from the input the views have been rendered with and lets
 *   them take over the deferred actors, runs the signed-in user's live-event stream (`live-events.tsx`,
 *   `events.actors.ts`), registers the client's 401 handler and provides the query cache.
 * `session-types.ts` holds the shapes both halves name, so neither imports the other's module. Only the entry's
 * half may be imported from outside this folder (`eslint.config.js`, the session zone).
 */
import { type DehydratedState, hydrate, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { createActor } from 'xstate';
import type { AuthEvent, AuthInput } from '../../machines/auth/auth.types.ts';
import { prerenderedAuthSnapshot } from '../../machines/auth/auth.transitions.ts';
import { authStartSnapshot } from '../../machines/auth/auth.start.ts';
import type { PrerenderedState } from '../prerender/state.ts';
import type { PrerenderedSession, RouterHandle, RunningSession } from './session-types.ts';
import {
  type AuthSnapshot,
  selectIsAuthenticated,
  selectIsWarehouseStaff,
  selectUser,
} from '../../machines/auth/auth.selectors.ts';
import { setUnauthorizedHandler } from '../api/auth-bridge.ts';
import { reportFailure } from '../api/failure-bridge.ts';
import { queryClient } from '../api/query-client.ts';
import { accountApi } from '../data/account.ts';
import { type AuthDeps, provideAuth } from './auth.actors.ts';
import { authApi, type AuthApi } from '../data/auth.ts';
import { DeferredActor, useDeferredSelector } from './deferred-actor.ts';
import { createLanguageActor, type LanguageActor, LanguageActorProvider } from './language-context.tsx';
import { provideLanguage } from './language.actors.ts';
import { LiveEvents } from './live-events.tsx';
import { followServerLanguage } from './server-language.ts';

export interface SessionOptions extends Pick<AuthDeps, 'navigate' | 'location'> {
  /** The auth calls; the app's client by default. */
  api?: AuthApi | undefined;
  input: AuthInput;
  auth: DeferredActor<AuthSnapshot, AuthEvent>;
  language: LanguageActor;
}

function LiveEventsOfUser({ auth }: { auth: DeferredActor<AuthSnapshot, AuthEvent> }) {
  const authenticated = useDeferredSelector(auth, selectIsAuthenticated);
  const userId = useDeferredSelector(auth, (snapshot) => selectUser(snapshot)?.id ?? null);
  const isStaff = useDeferredSelector(auth, selectIsWarehouseStaff);
  return <LiveEvents authenticated={authenticated} userId={userId} isStaff={isStaff} />;
}

function startLanguage(queryClient: QueryClient, language: LanguageActor) {
  const actor = createActor(provideLanguage({ api: accountApi, queryClient }));
  const failures = actor.on('language.failed', ({ error }) => reportFailure(error));
  actor.start();
  // Reconciles the locally kept choice with the signed-in user's language on the server (`server-language.ts`).
  const stopFollowing = followServerLanguage(queryClient, (event) => actor.send(event));
  language.attach(actor, () => true);
  return () => {
    stopFollowing();
    language.detach();
    failures.unsubscribe();
    actor.stop();
  };
}

/** The language actor alone, over the cache above it (screens rendered without a session, in tests). */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [language] = useState(createLanguageActor);
  useEffect(() => startLanguage(client, language), [client, language]);
  return <LanguageActorProvider value={language}>{children}</LanguageActorProvider>;
}

export function startSession({ api = authApi, input, auth, language, navigate, location }: SessionOptions) {
  const unmountCache = (() => {
    queryClient.mount();
    return () => queryClient.unmount();
  })();
  const authActor = createActor(provideAuth({ api, queryClient, navigate, location }), { input });
  const removeUnauthorized = setUnauthorizedHandler(() => authActor.send({ type: 'auth.unauthorized' }));
  const stopLanguage = startLanguage(queryClient, language);
  authActor.start();
  // The one-tick start-up check is not shown: the views keep the start state until the machine has decided.
  auth.attach(authActor, (snapshot) => !snapshot.matches('initialising'));
  const running: RunningSession = {
    queryClient,
    LiveEvents: () => <LiveEventsOfUser auth={auth} />,
    stop: () => {
      auth.detach();
      removeUnauthorized();
      authActor.stop();
      stopLanguage();
      unmountCache();
    },
  };
  return running;
}

/**
 * The session of a page the server rendered, started before the app's first render so that render (hydration)
 * matches the server's: the query cache takes the server's entries, and the auth machine starts signed in as the
 * server computed it (`prerenderedAuthSnapshot`), with the same user, until its running machine has made that step
 * itself. `null` when the state does not sign this visit in (the app then renders as any other visit).
 */
export function startPrerenderedSession(
  state: PrerenderedState,
  browserInput: AuthInput,
  api?: AuthApi,
): PrerenderedSession | null {
  if (state.user === null) return null;
  const input: AuthInput = { ...browserInput, storedUser: { user: state.user, isAuthenticated: true } };
  const start = prerenderedAuthSnapshot(input, state.user);
  if (start === null) return null;
  hydrate(queryClient, state.queries as DehydratedState);
  const auth = new DeferredActor<AuthSnapshot, AuthEvent>(start);
  const language = createLanguageActor();
  const router: RouterHandle = { current: null };
  const session = startSession({
    api,
    input,
    auth,
    language,
    navigate: (to, options) => router.current?.navigate(to, options),
    location: () => router.current?.location ?? { ...window.location, state: null },
  });
  return { input, auth, language, session, router };
}

/**
 * The session of a public page the server rendered for a visit without a token (a distributor's storefront,
 * docs/adr/0147-the-storefront-and-client-checkout.md): the query cache takes the server's entries, and the auth
 * machine starts logged out, as the server rendered it. `null` when the page carries no cache (/login).
 */
export function startPrerenderedPublicSession(
  state: PrerenderedState,
  browserInput: AuthInput,
  api?: AuthApi,
): PrerenderedSession | null {
  if (state.user !== null || state.queries === null) return null;
  hydrate(queryClient, state.queries as DehydratedState);
  const auth = new DeferredActor<AuthSnapshot, AuthEvent>(authStartSnapshot(browserInput));
  const language = createLanguageActor();
  const router: RouterHandle = { current: null };
  const session = startSession({
    api,
    input: browserInput,
    auth,
    language,
    navigate: (to, options) => router.current?.navigate(to, options),
    location: () => router.current?.location ?? { ...window.location, state: null },
  });
  return { input: browserInput, auth, language, session, router };
}
