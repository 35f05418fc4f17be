/**
 * A distributor's alias (docs/adr/0140-sign-up-under-a-sponsor.md): chosen once, checked by the rules the sign-up
 * form shares (machines/sign-up/sign-up.rules.ts), unique by what it reads as (`alias_skeleton`), and found again
 * by alias or PRN for the public pages.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  aliasProblem,
  aliasSkeleton,
  normaliseAlias,
  type AliasProblem,
} from '#machines/sign-up/sign-up.rules.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden, unprocessable } from '../../http/errors.ts';

type Db = Kysely<DB> | Transaction<DB>;

const PROBLEM_TEXT: Record<AliasProblem, string> = {
  'alias.tooShort': 'must hold at least 3 characters',
  'alias.tooLong': 'must hold at most 30 characters',
  'alias.characters': 'may hold only lower-case Latin letters, digits and hyphens',
  'alias.hyphens': 'hyphens go one at a time between letters or digits',
  'alias.prn': 'may not look like a PRN or be only digits',
  'alias.reserved': 'is reserved',
};

/** A PostgreSQL unique violation (`23505`), of `constraint` when given; PGlite reports it the same way. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  if (code !== '23505') return false;
  if (constraint === undefined) return true;
  const named = (error as { constraint?: unknown }).constraint;
  const text = error instanceof Error ? error.message : '';
  return named === constraint || text.includes(constraint);
}

/** The alias to store for `input`, or the 422 that says why it cannot be one. */
export function checkedAlias(input: string): string {
  const alias = normaliseAlias(input);
  const problem = aliasProblem(alias);
  if (problem === null) return alias;
  const reserved = problem === 'alias.reserved' || problem === 'alias.prn';
  throw unprocessable(reserved ? 'ALIAS_RESERVED' : 'ALIAS_INVALID', [
    { location: 'body', path: '/alias', message: PROBLEM_TEXT[problem], reason: problem },
  ]);
}

/**
 * Gives the distributor `userId` the alias `input`, once: 422 when it breaks the rules, 409 `ALIAS_TAKEN` when it
 * is (or reads as) another's, 409 `ALIAS_ALREADY_SET` when the distributor has one (even the same: the answer
 * tells the caller nothing changed). The unique indexes decide between two concurrent choices of one alias.
 */
export async function setAlias(db: Kysely<DB>, userId: number, input: string): Promise<void> {
  const alias = checkedAlias(input);
  const skeleton = aliasSkeleton(alias);
  await db.transaction().execute(async (trx) => {
    const me = await trx
      .selectFrom('users')
      .select(['alias', 'is_partner'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!me.is_partner) throw forbidden();
    if (me.alias !== null) throw conflict('ALIAS_ALREADY_SET');
    const clash = await trx
      .selectFrom('users')
      .select('id')
      .where('alias_skeleton', '=', skeleton)
      .executeTakeFirst();
    if (clash !== undefined) throw conflict('ALIAS_TAKEN');
    try {
      await trx
        .updateTable('users')
        .set({ alias, alias_skeleton: skeleton, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('ALIAS_TAKEN');
      throw error;
    }
  });
}

export interface PublicDistributor {
  id: number;
  alias: string | null;
  prn: string;
  fullName: string;
  city: string | null;
}

/**
 * The active distributor whose alias or PRN is `ref` (any case), or null: an unknown reference, a user who is not
 * a distributor and a disabled account are all "no such sponsor".
 */
export async function findDistributor(db: Db, ref: string): Promise<PublicDistributor | null> {
  const key = ref.trim().toLowerCase();
  if (key === '' || key.length > 64) return null;
  const row = await db
    .selectFrom('users')
    .select(['id', 'alias', 'prn', 'full_name', 'city'])
    // PRNs are stored upper-case (`MD1000042`), aliases lower-case: both unique indexes answer.
    .where((eb) => eb.or([eb('alias', '=', key), eb('prn', '=', key.toUpperCase())]))
    .where('is_partner', '=', true)
    .where('disabled_at', 'is', null)
    .where('prn', 'is not', null)
    .executeTakeFirst();
  if (row === undefined || row.prn === null) return null;
  return { id: row.id, alias: row.alias, prn: row.prn, fullName: row.full_name, city: row.city };
}
