/** The signed-in user's profile: `getMe`, `setLang`, `updateProfile`, `changePassword`. */
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { passwordProblem } from '../../auth/password-policy.ts';
import type { Handler } from '../../contract/types.ts';
import { tokenFor } from '../../domain/account/credentials.ts';
import { loadMe, ME_COLUMNS, shopOwnerOf, toMe } from '../../domain/account/me.ts';
import type { UserUpdate } from '../../db/schema.ts';
import { passwordChangedMessage } from '../../domain/account/password-messages.ts';
import { notFound, unauthorized, unprocessable, type ErrorDetail } from '../../http/errors.ts';

/** The contract's `Phone` pattern; checked again after trimming. */
const PHONE = /^\+?[0-9 ()-]{6,24}$/;

export const getMe: Handler<'getMe'> = async ({ user, db }) => loadMe(db, user.userId);

export const setLang: Handler<'setLang'> = async ({ user, db, body }) => {
  const row = await db
    .updateTable('users')
    .set({ lang: body.lang, updated_at: new Date() })
    .where('id', '=', user.userId)
    .returning(ME_COLUMNS)
    .executeTakeFirst();
  if (row === undefined) throw notFound();
  return toMe(row, await shopOwnerOf(db, row.shop_owner_id));
};

/** Changes the fields given; a full name blank after trimming (or shorter than 2) is 422. */
export const updateProfile: Handler<'updateProfile'> = async ({ user, db, body }) => {
  const changes: UserUpdate = {};
  const details: ErrorDetail[] = [];
  if (body.fullName !== undefined) {
    const fullName = body.fullName.trim().replace(/\s+/g, ' ');
    if (fullName.length < 2)
      details.push({
        location: 'body',
        path: '/fullName',
        message: 'must hold at least 2 characters besides spaces',
      });
    changes.full_name = fullName;
  }
  if (body.phone !== undefined) {
    const phone = body.phone === null ? null : body.phone.trim();
    if (phone !== null && (!PHONE.test(phone) || phone.replace(/[^0-9]/g, '').length < 6)) {
      details.push({
        location: 'body',
        path: '/phone',
        message: 'must be a phone number: at least 6 digits, optional leading +, spaces, dashes, parentheses',
      });
    }
    changes.phone = phone;
  }
  if (body.lang !== undefined) changes.lang = body.lang;
  if (details.length > 0) throw unprocessable('VALIDATION_FAILED', details);
  const row = await db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', user.userId)
    .returning(ME_COLUMNS)
    .executeTakeFirst();
  if (row === undefined) throw notFound();
  return toMe(row, await shopOwnerOf(db, row.shop_owner_id));
};

/**
 * Replaces the password after checking the current one, bumps the session version (every token issued before,
 * the caller's included, is 401 from now on) and answers a fresh token for the caller.
 */
export const changePassword: Handler<'changePassword'> = async ({ user, db, body, config }) => {
  if (body.newPassword !== body.newPasswordConfirmation) {
    throw unprocessable('VALIDATION_FAILED', [
      { location: 'body', path: '/newPasswordConfirmation', message: 'must equal newPassword' },
    ]);
  }
  const row = await db
    .selectFrom('users')
    .select(['password_hash', 'email'])
    .where('id', '=', user.userId)
    .executeTakeFirst();
  if (row === undefined) throw notFound();
  const weak = passwordProblem(body.newPassword, '/newPassword', row.email);
  if (weak !== null) throw unprocessable('PASSWORD_TOO_COMMON', [weak]);
  if (!(await verifyPassword(body.currentPassword, row.password_hash)))
    throw unprocessable('INVALID_CURRENT_PASSWORD');
  if (body.newPassword === body.currentPassword) {
    throw unprocessable('VALIDATION_FAILED', [
      { location: 'body', path: '/newPassword', message: 'must differ from the current password' },
    ]);
  }
  const hash = await hashPassword(body.newPassword, config.passwordHash);
  // Only the session that was checked may change it: a concurrent change (or a reset) in between ends this session.
  const updated = await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: hash,
        session_version: eb('session_version', '+', 1),
        updated_at: new Date(),
      }))
      .where('id', '=', user.userId)
      .where('session_version', '=', user.sessionVersion)
      .returning(['id', 'is_warehouse', 'is_partner', 'session_version'])
      .executeTakeFirst();
    if (changed !== undefined) await passwordChangedMessage(trx, changed.id, changed.session_version);
    return changed;
  });
  if (updated === undefined) throw unauthorized();
  return { access_token: await tokenFor(updated, config), token_type: 'Bearer' };
};
