/** `setMyAlias`: a distributor chooses their public short name, once (docs/adr/0140-sign-up-under-a-sponsor.md). */
import type { Handler } from '../../contract/types.ts';
import { loadMe } from '../../domain/account/me.ts';
import { setAlias } from '../../domain/sign-up/alias.ts';

export const setMyAlias: Handler<'setMyAlias'> = async ({ user, db, body }) => {
  await setAlias(db, user.userId, body.alias);
  return loadMe(db, user.userId);
};
