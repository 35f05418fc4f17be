/** Sign-in, password reset and e-mail confirmation: `login`, `forgotPassword`, `confirmEmail`, `resendEmailConfirmation`. */
import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword } from '../../auth/password.ts';
import { passwordProblem } from '../../auth/password-policy.ts';
import { accountKey, clearRateLimit, emailOf } from '../../auth/rate-limit.ts';
import type { Handler } from '../../contract/types.ts';
import { checkCredentials, tokenFor } from '../../domain/account/credentials.ts';
import { findUsableToken, issueToken, spendToken } from '../../domain/account/one-time-tokens.ts';
import { passwordChangedMessage } from '../../domain/account/password-messages.ts';
import { conflict, unauthorized, unprocessable } from '../../http/errors.ts';

export const login: Handler<'login'> = async ({ body, db, config }) => {
  const user = await checkCredentials(db, config, body.email, body.password);
  if (user === null) throw unauthorized('INVALID_CREDENTIALS');
  // The owner is in: the account's run of failed attempts (and its backoff) ends.
  await clearRateLimit(db, accountKey('login', emailOf(body)));
  return { access_token: await tokenFor(user, config), token_type: 'Bearer' };
};

const passwordMismatch = (field: string) =>
  unprocessable('VALIDATION_FAILED', [
    { location: 'body', path: `/${field}`, message: 'must equal the new password' },
  ]);

/**
 * `{ email }` writes a reset link and its e-mail for a known address and answers the same for any address;
 * `{ token, password, passwordConfirmation }` replaces the password, spends the token, confirms the e-mail address
 * (the link reached it) and ends every session of the user.
 */
export const forgotPassword: Handler<'forgotPassword'> = async ({ body, db, config }) => {
  if (!('token' in body)) {
    // A known address writes a token and its message, an unknown one nothing: both answer when the same time has
    // passed, so the answer's timing does not tell whether an account exists (docs/adr/0123-passwords-by-asvs.md).
    const answerAt = Date.now() + config.forgotPasswordMinMs;
    const user = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(body.email.trim())])))
      .executeTakeFirst();
    if (user !== undefined) {
      await db.transaction().execute((trx) =>
        issueToken(trx, {
          kind: 'password_reset',
          userId: user.id,
          email: user.email,
          publicUrl: config.publicUrl,
        }),
      );
    }
    const wait = answerAt - Date.now();
    if (wait > 0) await sleep(wait);
    return { result: 'reset_requested' };
  }

  const found = await findUsableToken(db, 'password_reset', body.token);
  if (found === null) throw unprocessable('INVALID_TOKEN');
  if (body.password !== body.passwordConfirmation) throw passwordMismatch('passwordConfirmation');
  const owner = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', found.userId)
    .executeTakeFirst();
  const weak = passwordProblem(body.password, '/password', owner?.email);
  if (weak !== null) throw unprocessable('PASSWORD_TOO_COMMON', [weak]);
  const hash = await hashPassword(body.password, config.passwordHash);
  await db.transaction().execute(async (trx) => {
    if (!(await spendToken(trx, found.id))) throw unprocessable('INVALID_TOKEN');
    const changed = await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: hash,
        email_confirmed: true,
        session_version: eb('session_version', '+', 1),
        updated_at: new Date(),
      }))
      .where('id', '=', found.userId)
      .returning(['id', 'session_version'])
      .executeTakeFirstOrThrow();
    await passwordChangedMessage(trx, changed.id, changed.session_version);
  });
  return { result: 'password_reset' };
};

/** Confirms the address of the token's user; a spent, expired or unknown token is 422 INVALID_TOKEN. */
export const confirmEmail: Handler<'confirmEmail'> = async ({ body, db }) => {
  const found = await findUsableToken(db, 'email_confirmation', body.token);
  if (found === null) throw unprocessable('INVALID_TOKEN');
  await db.transaction().execute(async (trx) => {
    if (!(await spendToken(trx, found.id))) throw unprocessable('INVALID_TOKEN');
    await trx
      .updateTable('users')
      .set({ email_confirmed: true, updated_at: new Date() })
      .where('id', '=', found.userId)
      .execute();
  });
  return { result: 'email_confirmed' };
};

/** A fresh confirmation link and its e-mail (earlier links stop working); 409 when the address is confirmed. */
export const resendEmailConfirmation: Handler<'resendEmailConfirmation'> = async ({ user, db, config }) => {
  const row = await db
    .selectFrom('users')
    .select(['email', 'email_confirmed'])
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow();
  if (row.email_confirmed) throw conflict('EMAIL_ALREADY_CONFIRMED');
  await db.transaction().execute((trx) =>
    issueToken(trx, {
      kind: 'email_confirmation',
      userId: user.userId,
      email: row.email,
      publicUrl: config.publicUrl,
    }),
  );
  return { result: 'confirmation_sent' };
};
