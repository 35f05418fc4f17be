/**
 * `exportMyNetwork`: the caller's whole downline as CSV, streamed. The per-member figures of the whole downline are
 * read once (three set-wise queries: volumes, children figures, Qualification 2025), then the members are read and
 * written in chunks in the contract's order (level, then signing date); only ids and numbers stay in memory.
 */
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { file, type Handler } from '../../contract/types.ts';
import type { DB } from '../../db/schema.ts';
import { BOM, csvHeader, csvRow } from '../../domain/network/csv.ts';
import {
  buildNode,
  childStats,
  downlineVolumes,
  q2025Holders,
  usersByIds,
  type NodeScope,
} from '../../domain/network/nodes.ts';
import { currentPeriod } from '../../domain/network/period.ts';
import { belowPattern, loadCaller } from './caller.ts';

/** Members read and written per round trip. */
export const EXPORT_CHUNK = 1000;

async function* csvLines(
  db: Kysely<DB>,
  ids: readonly number[],
  pathLike: string,
  scope: NodeScope,
): AsyncGenerator<string> {
  yield BOM + csvHeader();
  const volumes = await downlineVolumes(db, pathLike, scope.periodStart);
  const stats = await childStats(db, { pathLike }, scope.periodStart);
  const q2025 = await q2025Holders(db, { pathLike });
  for (let from = 0; from < ids.length; from += EXPORT_CHUNK) {
    const chunk = ids.slice(from, from + EXPORT_CHUNK);
    const users = new Map((await usersByIds(db, chunk)).map((user) => [user.id, user]));
    let text = '';
    for (const id of chunk) {
      const user = users.get(id);
      if (user !== undefined) {
        text += csvRow(buildNode(user, volumes.get(id), stats.get(id), q2025.has(id), scope));
      }
    }
    yield text;
  }
}

export const exportMyNetwork: Handler<'exportMyNetwork'> = async ({ db, user, config }) => {
  const now = new Date();
  const caller = await loadCaller(db, user.userId);
  const pathLike = belowPattern(caller.path);
  const rows = await db
    .selectFrom('users')
    .where('path', 'like', pathLike)
    .where('id', '<>', caller.id)
    .where('is_partner', '=', true)
    .select('id')
    .orderBy('depth', 'asc')
    .orderBy('signing_date', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const scope: NodeScope = {
    periodStart: currentPeriod(now, config.periodTimeZone).start,
    rootDepth: caller.depth,
  };
  const ids = rows.map((row) => row.id);
  const stream = Readable.from(csvLines(db, ids, pathLike, scope));
  return file(
    stream,
    'text/csv; charset=utf-8',
    `my-network-${now.toISOString().slice(0, 10)}.csv`,
    'attachment',
  );
};
