/**
 * Signing up as a distributor under a sponsor (docs/adr/0140-sign-up-under-a-sponsor.md), in the order that keeps
 * abuse expensive and the database whole:
 *
 * 1. the proof of work is verified and spent (its own commit: a refused form used its proof too);
 * 2. the sponsor is found, the fields checked with the shared rules (machines/sign-up/sign-up.rules.ts);
 * 3. the password is hashed (argon2id, outside any transaction);
 * 4. one transaction writes the distributor (the sponsor's first line: the `users` triggers place them in the
 *    genealogy and count them in every ancestor's downline), their PRN, the editions they accepted, the confirmation
 *    link with its e-mail, the sponsor's "new recruit" message and a live `network` event for every member above
 *    (their open tree, list and "recruits this month" follow without a reload). Any refusal or failure in it rolls
 *    all of it back.
 *
 * An e-mail or phone is taken under a transaction-scoped advisory lock of its own, so two sign-ups with one address
 * are decided one after the other on any number of processes; the unique index on `lower(email)` stands behind it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import { birthDateProblem, isPhone, phoneDigits } from '#machines/sign-up/sign-up.rules.ts';
import { hashPassword } from '../../auth/password.ts';
import { passwordProblem } from '../../auth/password-policy.ts';
import type { Config } from '../../config.ts';
import { RANKS, type Lang } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { CONSENT_EDITIONS, type ConsentDocumentId } from '../../documents/index.ts';
import { conflict, notFound, unprocessable, type ErrorDetail } from '../../http/errors.ts';
import { enqueueMessage } from '../../messages/outbox.ts';
import { issueToken } from '../account/one-time-tokens.ts';
import { prnOf } from '../account/prn.ts';
import { zoneDay } from '../network/period.ts';
import { findDistributor, isUniqueViolation } from './alias.ts';
import { spendSolution } from './challenge.ts';

export type JoinRequest = components['schemas']['JoinRequest'];

/** The advisory lock family of sign-ups (any constant unused elsewhere); the second key hashes the address. */
const JOIN_LOCK = 7_723_140;

export interface Joined {
  userId: number;
  prn: string;
  sessionVersion: number;
}

/** One detail of a refused field. */
const field = (path: string, message: string, reason?: string): ErrorDetail => ({
  location: 'body',
  path,
  message,
  ...(reason === undefined ? {} : { reason }),
});

interface CheckedFields {
  fullName: string;
  email: string;
  phone: string;
  city: string;
}

/** The fields trimmed, or the 422 that names what is wrong (age and consent with codes of their own). */
function checkFields(body: JoinRequest, today: string): CheckedFields {
  const fullName = body.fullName.trim().replace(/\s+/g, ' ');
  const phone = body.phone.trim();
  const city = body.city.trim().replace(/\s+/g, ' ');
  const invalid: ErrorDetail[] = [];
  if (fullName.length < 2) invalid.push(field('/fullName', 'must hold at least 2 characters besides spaces'));
  if (!isPhone(phone)) invalid.push(field('/phone', 'must hold at least 6 digits'));
  if (city === '') invalid.push(field('/city', 'must not be blank'));
  const birth = birthDateProblem(body.birthDate, today);
  if (birth === 'birthDate.invalid') invalid.push(field('/birthDate', 'must be a real past date'));
  if (invalid.length > 0) throw unprocessable('VALIDATION_FAILED', invalid);
  if (birth === 'birthDate.underAge')
    throw unprocessable('UNDER_AGE', [field('/birthDate', 'must be 18 or older', birth)]);
  const missing = (Object.keys(CONSENT_EDITIONS) as ConsentDocumentId[]).filter(
    (id) => body.consents[id] !== CONSENT_EDITIONS[id],
  );
  if (missing.length > 0)
    throw unprocessable(
      'CONSENT_REQUIRED',
      missing.map((id) => field(`/consents/${id}`, `must accept edition ${CONSENT_EDITIONS[id]}`)),
    );
  const weak = passwordProblem(body.password, '/password', body.email);
  if (weak !== null) throw unprocessable('PASSWORD_TOO_COMMON', [weak]);
  return { fullName, email: body.email.trim(), phone, city };
}

async function lockAddress(trx: Transaction<DB>, kind: string, value: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${JOIN_LOCK}, hashtext(${`${kind}:${value}`}))`.execute(trx);
}

/**
 * Takes `email` and `phone` for a new account inside `trx`: under the advisory locks of the address (so any two
 * sign-ups naming one — a distributor's or a shop client's — are decided one after the other), 409 `EMAIL_TAKEN` /
 * `PHONE_TAKEN` when an account has it already (a phone compared by its digits).
 */
export async function takeAddress(trx: Transaction<DB>, email: string, phone: string): Promise<void> {
  const lowerEmail = email.toLowerCase();
  const digits = phoneDigits(phone);
  await lockAddress(trx, 'email', lowerEmail);
  await lockAddress(trx, 'phone', digits);
  const emailTaken = await trx
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', lowerEmail))
    .executeTakeFirst();
  if (emailTaken !== undefined) throw conflict('EMAIL_TAKEN');
  const phoneTaken = await trx
    .selectFrom('users')
    .select('id')
    .where('phone', 'is not', null)
    .where(sql<string>`regexp_replace(phone, '[^0-9]', '', 'g')`, '=', digits)
    .executeTakeFirst();
  if (phoneTaken !== undefined) throw conflict('PHONE_TAKEN');
}

/** Signs up `body` under its sponsor; see the module's comment for the order of things. */
export async function join(
  db: Kysely<DB>,
  config: Pick<Config, 'jwtSecret' | 'pow' | 'passwordHash' | 'publicUrl' | 'periodTimeZone'>,
  body: JoinRequest,
  lang: Lang,
  now: Date = new Date(),
): Promise<Joined> {
  await spendSolution(db, config, body.altcha);
  const sponsor = await findDistributor(db, body.sponsor);
  if (sponsor === null) throw notFound();
  const today = zoneDay(now, config.periodTimeZone);
  const fields = checkFields(body, today);
  const warehouse = await db
    .selectFrom('warehouses')
    .select('id')
    .where('id', '=', body.warehouseId)
    .executeTakeFirst();
  if (warehouse === undefined)
    throw unprocessable('VALIDATION_FAILED', [field('/warehouseId', 'no such warehouse')]);
  const passwordHash = await hashPassword(body.password, config.passwordHash);
  const userLang = body.lang ?? lang;
  try {
    return await db.transaction().execute(async (trx) => {
      await takeAddress(trx, fields.email, fields.phone);
      // The sponsor may have been disabled since the look-up: a recruit is never placed under a closed account.
      const stillActive = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', sponsor.id)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      if (stillActive === undefined) throw notFound();
      const user = await trx
        .insertInto('users')
        .values({
          email: fields.email,
          password_hash: passwordHash,
          full_name: fields.fullName,
          phone: fields.phone,
          city: fields.city,
          lang: userLang,
          is_partner: true,
          warehouse_id: warehouse.id,
          sponsor_id: sponsor.id,
          rank: RANKS[0]?.code ?? null,
          signing_date: today,
          birth_date: body.birthDate,
        })
        .returning(['id', 'session_version'])
        .executeTakeFirstOrThrow();
      const prn = prnOf(user.id);
      await trx.updateTable('users').set({ prn }).where('id', '=', user.id).execute();
      await announceRecruit(trx, user.id, sponsor.id);
      await trx
        .insertInto('user_consents')
        .values(
          (Object.keys(CONSENT_EDITIONS) as ConsentDocumentId[]).map((document) => ({
            user_id: user.id,
            document,
            edition: CONSENT_EDITIONS[document],
            lang: userLang,
            accepted_at: now,
          })),
        )
        .execute();
      await issueToken(trx, {
        kind: 'email_confirmation',
        userId: user.id,
        email: fields.email,
        publicUrl: config.publicUrl,
        now,
      });
      await enqueueMessage(trx, {
        event: 'business.new_recruit',
        userId: sponsor.id,
        key: `business.new_recruit:${user.id}`,
        data: { name: fields.fullName, prn, city: fields.city },
      });
      return { userId: user.id, prn, sessionVersion: user.session_version };
    });
  } catch (error) {
    // The advisory lock decides between sign-ups; an account made another way (an operator's) meets the index.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict('EMAIL_TAKEN');
    throw error;
  }
}

/**
 * A live `network` event (`LiveNetworkEvent`) for the sponsor and every member above them: each of their downlines
 * grew. The `users` trigger has already put the new member's path in (`1.5.23.` from the top down, their own id
 * last), so the line above is read from it, in the same transaction: the events commit with the member or not at all.
 */
async function announceRecruit(trx: Transaction<DB>, memberId: number, sponsorId: number): Promise<void> {
  await sql`
    select events_append('network', ancestor::int, null, null,
      jsonb_build_object('change', 'joined', 'memberId', ${memberId}::int, 'sponsorId', ${sponsorId}::int))
    from users u, unnest(string_to_array(rtrim(u.path, '.'), '.')) with ordinality as line(ancestor, at)
    where u.id = ${memberId} and ancestor <> ${String(memberId)}
    order by at desc`.execute(trx);
}
