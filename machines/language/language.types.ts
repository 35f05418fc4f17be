/** Types of the language machine (`language.machine.ts`) and of its start state (`language.start.ts`). */

export type LanguageEvent =
  | {
      type: 'language.select';
      locale: string;
      /** The user is logged in: the choice is saved on the server (`POST /users/lang`) first. */
      authenticated: boolean;
    }
  /** The signed-out choice went with a sign-in (the login form sent it): it is not carried to the next one. */
  | { type: 'language.choiceTaken' }
  /**
   * The server answered the signed-in user (`/users/me` read or returned) with `serverLocale`; `unsaved` is the
   * choice kept locally that the server had not confirmed (from before a reload, or just made), or null.
   */
  | { type: 'language.reconcile'; serverLocale: string; unsaved: string | null };

export type LanguageEmitted = { type: 'language.failed'; error: unknown };

export interface LanguageContext {
  /** The language being switched to, while a switch runs. */
  pending: string | null;
  /**
   * The language the visitor chose while signed out (on the login page), or null when they chose none: sign-in
   * keeps it over the account's stored one and saves it (issue 13.5). A signed-in choice clears it.
   */
  signedOutChoice: string | null;
  /**
   * An unsaved choice the server was found to lack while a switch ran (`language.reconcile` outside `idle`): saved
   * as soon as the switch ends, so a reconcile is never lost to a busy machine.
   */
  deferredSave: string | null;
}
