/** The calling distributor's place in the genealogy, and the downline filter every network route uses. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

export type Caller = {
  id: number;
  path: string;
  depth: number;
  rank: string | null;
  prn: string | null;
  signingDate: string | null;
  fullName: string;
};

/** The caller's row (a deleted user behind a valid token is 404). */
export async function loadCaller(db: Kysely<DB>, userId: number): Promise<Caller> {
  const row = await db
    .selectFrom('users')
    .where('id', '=', userId)
    .select(['id', 'path', 'depth', 'rank', 'prn', 'signing_date', 'full_name'])
    .executeTakeFirst();
  if (row === undefined) throw notFound();
  return {
    id: row.id,
    path: row.path,
    depth: row.depth,
    rank: row.rank,
    prn: row.prn,
    signingDate: row.signing_date,
    fullName: row.full_name,
  };
}

/** `LIKE` pattern of everyone below `path` (the path itself ends with '.', so the caller is not matched). */
export const belowPattern = (path: string): string => `${path.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A case-insensitive substring pattern for `q` (LIKE wildcards in `q` are literal). */
export const containsPattern = (q: string): string =>
  `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
