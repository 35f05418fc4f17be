/**
 * Signing up as a client of a distributor's shop (`POST /public/shops/{alias}/clients`,
 * docs/adr/0146-the-shop-link.md), in the order the join uses (server/domain/sign-up/join.ts) and for the same
 * reasons:
 *
 * 1. the proof of work is verified and spent (its own commit: a refused form used its proof too);
 * 2. the shop's owner is found, the fields checked;
 * 3. the password is hashed (argon2id, outside any transaction);
 * 4. one transaction writes the customer account (role `user`, bound to the owner and their warehouse), the row
 *    in the owner's client base that points at it, the confirmation link with its e-mail, and the owner's live
 *    event and message of their new client (`new-client.ts`). Any refusal or failure in it rolls all of it back.
 */
import type { Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import { isPhone } from '#machines/sign-up/sign-up.rules.ts';
import { hashPassword } from '../../auth/password.ts';
import { passwordProblem } from '../../auth/password-policy.ts';
import type { Config } from '../../config.ts';
import type { Lang } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound, unprocessable, type ErrorDetail } from '../../http/errors.ts';
import { issueToken } from '../account/one-time-tokens.ts';
import { isUniqueViolation } from '../sign-up/alias.ts';
import { spendSolution } from '../sign-up/challenge.ts';
import { takeAddress } from '../sign-up/join.ts';
import { tellOfNewClient } from './new-client.ts';
import { findShop } from './shop.ts';

export type ShopClientSignUp = components['schemas']['ShopClientSignUp'];

export interface SignedUpClient {
  userId: number;
  clientId: number;
  sessionVersion: number;
}

const field = (path: string, message: string): ErrorDetail => ({ location: 'body', path, message });

/** Signs up `body` as a client of the shop `alias`; see the module's comment for the order of things. */
export async function signUpShopClient(
  db: Kysely<DB>,
  config: Pick<Config, 'jwtSecret' | 'pow' | 'passwordHash' | 'publicUrl'>,
  alias: string,
  body: ShopClientSignUp,
  lang: Lang,
  now: Date = new Date(),
): Promise<SignedUpClient> {
  await spendSolution(db, config, body.altcha);
  const shop = await findShop(db, alias);
  if (shop === null) throw notFound();
  const fullName = body.fullName.trim().replace(/\s+/g, ' ');
  const phone = body.phone.trim();
  const email = body.email.trim();
  const invalid: ErrorDetail[] = [];
  if (fullName.length < 2) invalid.push(field('/fullName', 'must hold at least 2 characters besides spaces'));
  if (!isPhone(phone)) invalid.push(field('/phone', 'must hold at least 6 digits'));
  if (invalid.length > 0) throw unprocessable('VALIDATION_FAILED', invalid);
  const weak = passwordProblem(body.password, '/password', email);
  if (weak !== null) throw unprocessable('PASSWORD_TOO_COMMON', [weak]);
  const passwordHash = await hashPassword(body.password, config.passwordHash);
  try {
    return await db.transaction().execute(async (trx) => {
      await takeAddress(trx, email, phone);
      // The owner may have been disabled since the look-up: nobody becomes the client of a closed account.
      const stillActive = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', shop.owner.id)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (stillActive === undefined) throw notFound();
      const user = await trx
        .insertInto('users')
        .values({
          email,
          password_hash: passwordHash,
          full_name: fullName,
          phone,
          lang: body.lang ?? lang,
          is_partner: false,
          warehouse_id: shop.warehouse.id,
          shop_owner_id: shop.owner.id,
        })
        .returning(['id', 'session_version'])
        .executeTakeFirstOrThrow();
      const client = await trx
        .insertInto('clients')
        .values({
          owner_id: shop.owner.id,
          full_name: fullName,
          email,
          phone,
          user_id: user.id,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await issueToken(trx, {
        kind: 'email_confirmation',
        userId: user.id,
        email,
        publicUrl: config.publicUrl,
        now,
      });
      await tellOfNewClient(trx, {
        ownerId: shop.owner.id,
        userId: user.id,
        clientId: client.id,
        clientName: fullName,
      });
      return { userId: user.id, clientId: client.id, sessionVersion: user.session_version };
    });
  } catch (error) {
    // The advisory lock decides between sign-ups; an account made another way (an operator's) meets the index.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict('EMAIL_TAKEN');
    throw error;
  }
}
