/** Signing out: `logout` (this token), `logoutEverywhere` (every session of the user) — server/auth/sessions.ts. */
import { endEverySession, revokeToken } from '../../auth/sessions.ts';
import { respond, type Handler } from '../../contract/types.ts';

export const logout: Handler<'logout'> = async ({ user, db }) => {
  await revokeToken(db, user);
  return respond(204);
};

export const logoutEverywhere: Handler<'logoutEverywhere'> = async ({ user, db }) => {
  await endEverySession(db, user.userId);
  return respond(204);
};
