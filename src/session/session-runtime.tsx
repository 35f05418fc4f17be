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
import { type Actor, createActor } from 'xstate';
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
import { resumeEventsFrom } from './page-events-position.ts';
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

export function startSession(options: SessionOptions) {
  const session = startSessionCache(options);
  void session.startMachines();
  return session.running;
}

/**
 * The session's parts in two steps: the query cache and the client's 401 handler at once (`running`), the auth and
 * language machines when `startMachines` is called (their start-up is xstate's heaviest work of a first load). Until
 * then the views read the deferred actors' start states, and a 401 waits in the auth actor's queue.
 */
function startSessionCache({ api = authApi, input, auth, language, navigate, location }: SessionOptions) {
  queryClient.mount();
  let authActor: Actor<ReturnType<typeof provideAuth>> | null = null;
  const removeUnauthorized = setUnauthorizedHandler((token) =>
    (authActor ?? auth).send({ type: 'auth.unauthorized', token }),
  );
  let stopped = false;
  let stopLanguage: (() => void) | null = null;
  const startAuthMachine = () => {
    if (stopped || authActor !== null) return;
    authActor = createActor(provideAuth({ api, queryClient, navigate, location }), { input });
    authActor.start();
    // The one-tick start-up check is not shown: the views keep the start state until the machine has decided.
    auth.attach(authActor, (snapshot) => !snapshot.matches('initialising'));
  };
  const startLanguageMachine = () => {
    if (!stopped && stopLanguage === null) stopLanguage = startLanguage(queryClient, language);
  };
  /** Both machines now, or (`inTasks`) the auth machine in this task and the language machine in the next. */
  const startMachines = async (inTasks = false) => {
    startAuthMachine();
    if (inTasks) await nextTask();
    startLanguageMachine();
  };
  const running: RunningSession = {
    queryClient,
    LiveEvents: () => <LiveEventsOfUser auth={auth} />,
    stop: () => {
      stopped = true;
      auth.detach();
      removeUnauthorized();
      authActor?.stop();
      stopLanguage?.();
      queryClient.unmount();
    },
  };
  return { running, startMachines };
}

/** Resolves in a task of its own: the browser may paint and handle input in between. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The session of a page the server rendered, started before the app's first render so that render (hydration)
 * matches the server's: the query cache takes the server's entries, and the auth machine starts signed in as the
 * server computed it (`prerenderedAuthSnapshot`), with the same user, until its running machine has made that step
 * itself. `null` when the state does not sign this visit in (the app then renders as any other visit).
 *
 * `startMachines` starts the auth machine, then, in the next task, the language machine: the caller yields before
 * it and hydrates after it, so the start-up (one 60–190 ms task on a 4x slower CPU when it was all one call) is
 * three shorter tasks. The machines still run before hydration: their first reads, answered by the page's state,
 * land before the first render, which then needs no second pass. An event sent meanwhile starts them at once.
 */
export function startPrerenderedSession(
  state: PrerenderedState,
  browserInput: AuthInput,
  api?: AuthApi,
): { session: PrerenderedSession; startMachines: () => Promise<void> } | null {
  if (state.user === null) return null;
  const input: AuthInput = { ...browserInput, storedUser: { user: state.user, isAuthenticated: true } };
  const start = prerenderedAuthSnapshot(input, state.user);
  if (start === null) return null;
  hydrate(queryClient, state.queries as DehydratedState);
  // The cache is the server's, read after this position: the live stream resumes from it (page-events-position.ts).
  resumeEventsFrom(state.eventPosition);
  let started: Promise<void> | null = null;
  const startMachinesOnce = (inTasks: boolean) => (started ??= machines.startMachines(inTasks));
  const auth = new DeferredActor<AuthSnapshot, AuthEvent>(start, () => void startMachinesOnce(false));
  const language = createLanguageActor(() => void startMachinesOnce(false));
  const router: RouterHandle = { current: null };
  const machines = startSessionCache({
    api,
    input,
    auth,
    language,
    navigate: (to, options) => router.current?.navigate(to, options),
    location: () => router.current?.location ?? { ...window.location, state: null },
  });
  return {
    session: { input, auth, language, session: machines.running, router },
    startMachines: () => startMachinesOnce(true),
  };
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
