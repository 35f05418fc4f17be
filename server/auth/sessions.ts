/**
 * Sessions that end (docs/adr/0122-sessions-that-end.md): one token is revoked by its id (`revoked_tokens`, kept
 * until the token would have expired), every token of a user by moving the user's session version on. Both live in
 * the database, so every server process agrees at once, and both close the event streams they end: the revocation
 * appends a `session` event naming the token, the version change one carrying the new version (migration 0004's
 * trigger); each process's hub ends the streams they name (server/events/hub.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { AuthContext } from './authenticate.ts';

/** Ends the token of `auth` now, on every process; false when it was ended already. */
export async function revokeToken(
  db: Kysely<DB>,
  auth: Pick<AuthContext, 'userId' | 'tokenId' | 'tokenExpiresAt'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .insertInto('revoked_tokens')
      .values({ jti: auth.tokenId, user_id: auth.userId, expires_at: new Date(auth.tokenExpiresAt * 1000) })
      .onConflict((oc) => oc.column('jti').doNothing())
      .returning('jti')
      .executeTakeFirst();
    if (revoked === undefined) return false;
    await sql`select events_append('session', ${auth.userId}, null, null,
      jsonb_build_object('revoked', ${auth.tokenId}::text))`.execute(trx);
    return true;
  });
}

/** Ends every session of the user: every token issued so far is refused from now on. */
export async function endEverySession(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1), updated_at: new Date() }))
    .where('id', '=', userId)
    .execute();
}

/** Drops revocations whose token has expired anyway (housekeeping; any process may run it). */
export async function pruneRevokedTokens(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', new Date()).execute();
}
