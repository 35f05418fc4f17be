import { fromPromise } from 'xstate';
import type { AuthUser, AuthWarehouse } from './auth.types.ts';

/**
 * The calls the auth machine makes, by name. The machine only knows these signatures; the SPA gives the
 * implementations (`authMachine.provide({ actors })`, in `src/app/auth/auth-context.tsx`) and tests give fakes.
 * Every implementation rejects with the normalised API error (spec section 8) when the call fails.
 */

export interface LoginInput {
  email: string;
  password: string;
}

function injected(name: string): never {
  throw new Error(`The auth actor "${name}" is provided by the app with authMachine.provide({ actors })`);
}

/** `POST /users/login` with form data; resolves with the bare access token (JWT). */
export const loginActor = fromPromise<string, LoginInput>(async () => injected('login'));

/** `GET /users/me` with the stored token; resolves with the current user. */
export const fetchUserActor = fromPromise<AuthUser>(async () => injected('fetchUser'));

/** `GET /users/my-warehouse`; resolves with the warehouse, or `null` when none is assigned (404). */
export const fetchWarehouseActor = fromPromise<AuthWarehouse | null>(async () => injected('fetchWarehouse'));

/**
 * `POST /users/lang`: saves the language chosen on the login page to the account; resolves with the updated user.
 */
export const saveLanguageActor = fromPromise<AuthUser, { lang: string }>(async () =>
  injected('saveLanguage'),
);

/** `POST /users/confirm-email/resend`; resolves when a new confirmation link was sent. */
export const resendConfirmationActor = fromPromise<void>(async () => injected('resendConfirmation'));

/** `POST /users/logout`: the server ends the current token (on every process) before the app forgets it. */
export const logoutActor = fromPromise<void>(async () => injected('logout'));

/** `POST /users/logout/everywhere`: every session of the user ends, this one included. */
export const logoutEverywhereActor = fromPromise<void>(async () => injected('logoutEverywhere'));
