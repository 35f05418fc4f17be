import type { components } from '../../openapi/schema.d.ts';

/** Spec section 6: the role read from the token's `wh`/`par` flags; `unspecified` without a readable token. */
export type AuthRole = 'partner_warehouse' | 'warehouse' | 'partner' | 'user' | 'unspecified';

/** `GET /users/me`. */
export type AuthUser = components['schemas']['Me'];

/** `GET /users/my-warehouse`. */
export type AuthWarehouse = components['schemas']['Warehouse'];

/** `POST /users/login`: the credentials of the login form. */
export type LoginInput = components['schemas']['LoginForm'];

/** What the SPA reads before the machine starts (all synchronous reads of browser state). */
export interface AuthInput {
  /**
   * The router location at start-up, path and query (`/?token=...`): a token in the query string on `/` is
   * taken in (spec section 2).
   */
  initialUrl: string;
  /** The bare JWT from the `token` cookie, or `null`. */
  storedToken: string | null;
  /** The parsed `user-storage` entry of local storage, whatever it holds (checked before use). */
  storedUser?: unknown;
}

export interface AuthContext {
  /** The bare JWT while logged in, else `null`. */
  token: string | null;
  /** Token expiry in milliseconds since the epoch (its `exp` × 1000), or `null`. */
  expiresAt: number | null;
  role: AuthRole;
  user: AuthUser | null;
  warehouse: AuthWarehouse | null;
  /** Error code of the last failed login (`INVALID_CREDENTIALS`, `RATE_LIMITED`, `INVALID_TOKEN`, ...). */
  loginError: string | null;
  /** Error code of the last failed confirmation re-send. */
  resendError: string | null;
  /** Error code of the last failed "sign out on all devices" (the session goes on). */
  signOutError: string | null;
  /** Why the session ended, for the login page (`TOKEN_EXPIRED`, `UNAUTHORIZED`, `INVALID_TOKEN`), or `null`. */
  logoutReason: LogoutReason | null;
  /** While a fresh token is awaited (`auth.token.renewing`): a 401 of the current token came and is held. */
  refusedWhileRenewing: boolean;
  /** The expiry timer was capped (token valid for more than ~24.8 days): when it fires it only re-arms. */
  expiryTimerCapped: boolean;
  /**
   * The language chosen before sign-in, from `auth.login`, until it is saved to the account; while set it wins
   * over the `lang` that `/users/me` answers.
   */
  loginLang: string | null;
  /** Kept from the input until the initial check has run. */
  initialUrl: string;
  storedToken: string | null;
  storedUser: unknown;
}

export type LogoutReason =
  'TOKEN_EXPIRED' | 'UNAUTHORIZED' | 'INVALID_TOKEN' | 'LOGGED_OUT' | 'SIGNED_OUT_EVERYWHERE';

export type AuthEvent =
  /** The login form was submitted. */
  | {
      type: 'auth.login';
      email: string;
      password: string;
      /** The interface language on the login page: it wins over the account's stored one and is saved to it. */
      lang?: string;
    }
  /** The user chose to sign out: the server ends this token (`POST /users/logout`), then the app forgets it. */
  | { type: 'auth.logout' }
  /** "Sign out on all devices": every session of the user ends on the server, this one included. */
  | { type: 'auth.logout.everywhere' }
  /** A `/?token=` link of another account while one is signed in: switch to the link's account, or stay. */
  | { type: 'auth.switch.accept' }
  | { type: 'auth.switch.decline' }
  /**
   * Any call answered 401 (sent by the client middleware through the auth bridge), with the bearer token the
   * refused call carried (`null`: it carried none; absent: not known).
   */
  | { type: 'auth.unauthorized'; token?: string | null }
  /** Fetch `GET /users/me` again (after a profile change, or to check that the e-mail was confirmed). */
  | { type: 'auth.user.refresh' }
  /** Ask for another e-mail confirmation link. */
  | { type: 'auth.confirmation.resend' }
  /**
   * The server handed this session a fresh token (a password change ends every other session and answers a new
   * token for this one): it replaces the current token, the cookie is rewritten and the session goes on.
   */
  | { type: 'auth.token.renewed'; token: string }
  /**
   * A call that answers this session a fresh token has been sent (a password change): until it settles, a 401 of
   * the token it replaces is held rather than ending the session.
   */
  | { type: 'auth.token.renewing' }
  /** That call failed: no fresh token comes, and a 401 held meanwhile ends the session. */
  | { type: 'auth.token.renewal.failed' }
  /**
   * A form other than the login one answered a token for a new account (signing up under a sponsor): the visitor,
   * signed out, is signed in with it as after a login (cookie stored, user and warehouse read).
   */
  | { type: 'auth.token.issued'; token: string };

/** Parameters of the actions the SPA implements. */
export interface StoreTokenParams {
  token: string;
  /** Milliseconds since the epoch: the cookie expires then. */
  expiresAt: number;
}

export interface PersistUserParams {
  user: AuthUser | null;
  isAuthenticated: boolean;
}

export interface LogErrorParams {
  /** Which call failed (`fetchUser`, `fetchWarehouse`). */
  source: string;
  error: unknown;
}
