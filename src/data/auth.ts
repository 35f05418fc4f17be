/** The auth calls (spec section 7): login, the signed-in user and warehouse, e-mail confirmation, password reset. */
import { queryOptions } from '@tanstack/react-query';
import type { AuthUser, AuthWarehouse } from '../../machines/auth/auth.types.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { statusOf } from '../api/errors.ts';
import type { Locale } from '../i18n/i18n.ts';
import { accountKeys } from './keys.ts';

export interface Credentials {
  email: string;
  password: string;
}

export interface PasswordResetCompletion {
  token: string;
  password: string;
  passwordConfirmation: string;
}

/** The auth calls of spec section 7, one function each; every one returns data or throws the normalised error. */
export function createAuthApi(client: ApiClient) {
  return {
    /** `POST /users/login` as form data (`application/x-www-form-urlencoded`); the bare access token. */
    async login({ email, password }: Credentials): Promise<string> {
      const answer = await unwrap(
        client.POST('/users/login', {
          body: { email, password },
          bodySerializer: (body) => new URLSearchParams({ email: body.email, password: body.password }),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
      );
      return answer.access_token;
    },
    /** `GET /users/me` (only called with a token: the auth machine asks for it in a session only). */
    fetchMe(signal?: AbortSignal): Promise<AuthUser> {
      return unwrap(client.GET('/users/me', signal === undefined ? {} : { signal }));
    },
    /** `GET /users/my-warehouse`; `null` when none is assigned (404). */
    async fetchMyWarehouse(signal?: AbortSignal): Promise<AuthWarehouse | null> {
      try {
        return await unwrap(client.GET('/users/my-warehouse', signal === undefined ? {} : { signal }));
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    /** `POST /users/lang`: the language chosen on the login page, saved to the account; the updated user. */
    saveLanguage(lang: Locale): Promise<AuthUser> {
      return unwrap(client.POST('/users/lang', { body: { lang } }));
    },
    /** `POST /users/logout`: the server ends this token. */
    async logout(): Promise<void> {
      await unwrap(client.POST('/users/logout'));
    },
    /** `POST /users/logout/everywhere`: every session of the user ends. */
    async logoutEverywhere(): Promise<void> {
      await unwrap(client.POST('/users/logout/everywhere'));
    },
    /** `POST /users/confirm-email/resend`. */
    async resendConfirmation(): Promise<void> {
      await unwrap(client.POST('/users/confirm-email/resend'));
    },
    /** `POST /users/confirm-email` with the token of the confirmation link. */
    async confirmEmail(token: string): Promise<void> {
      await unwrap(client.POST('/users/confirm-email', { body: { token } }));
    },
    /** `POST /users/forgot-password` with `{ email }`: ask for a reset link. */
    async requestPasswordReset(email: string): Promise<void> {
      await unwrap(client.POST('/users/forgot-password', { body: { email } }));
    },
    /** `POST /users/forgot-password` with the link's token and the new password. */
    async completePasswordReset(completion: PasswordResetCompletion): Promise<void> {
      await unwrap(client.POST('/users/forgot-password', { body: completion }));
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const authApi: AuthApi = createAuthApi(api);

/** The signed-in user and their warehouse: the auth machine fills these entries (fresh), screens read them. */
export const authQueries = {
  me: (client: AuthApi = authApi) =>
    queryOptions({ queryKey: accountKeys.me(), queryFn: ({ signal }) => client.fetchMe(signal) }),
  warehouse: (client: AuthApi = authApi) =>
    queryOptions({
      queryKey: accountKeys.warehouse(),
      queryFn: ({ signal }) => client.fetchMyWarehouse(signal),
    }),
};
