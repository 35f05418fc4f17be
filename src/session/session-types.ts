/**
 * The types both halves of the session share: the eager half (`auth-context.tsx`, in the entry) and the late one
 * (`session-runtime.tsx`, the session chunk). Type-only, so each half names the other's shapes without importing
 * the other's module: the entry never pulls the session chunk in, and the two modules form no circle.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Location, NavigateFunction } from 'react-router-dom';
import type { AuthSnapshot } from '../../machines/auth/auth.selectors.ts';
import type { AuthEvent, AuthInput } from '../../machines/auth/auth.types.ts';
import type { DeferredActor } from './deferred-actor.ts';
import type { LanguageActor } from './language-context.tsx';

/** The app-wide auth actor the views read: the machine's start state until the session chunk attaches it. */
export type AuthActor = DeferredActor<AuthSnapshot, AuthEvent>;

/** Where the session's actions navigate: the router's current location and navigate function. */
export interface RouterHandle {
  current: { navigate: NavigateFunction; location: Location } | null;
}

/** What `startSession` (the session chunk) hands back to `AuthProvider`. */
export interface RunningSession {
  queryClient: QueryClient;
  /** The live-event stream of whoever is signed in (restarted for another user). */
  LiveEvents: () => ReactNode;
  stop: () => void;
}

/**
 * A session that is already running when the app first renders: a page the server rendered (`src/prerender/`).
 * The server renders with one over its own cache, the browser hydrates with one started from the same data, so
 * both render the same first screen. Without it (every other visit) `AuthProvider` starts its own.
 */
export interface PrerenderedSession {
  input: AuthInput;
  auth: AuthActor;
  language: LanguageActor;
  session: RunningSession;
  /** Filled in by `AuthProvider` for the session's navigation. */
  router: RouterHandle;
}
