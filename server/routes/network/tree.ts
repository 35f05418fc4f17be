/**
 * The genealogy: `getMyNetwork`, `getNetworkNode` (a node and a page of its children), `getNetworkNodePath` (the
 * line down to a member) and `searchMyNetwork`.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { Handler } from '../../contract/types.ts';
import { RANKS } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { loadNodeList, loadNodes, type NodeScope } from '../../domain/network/nodes.ts';
import { attentionCondition, attentionPage } from '../../domain/network/attention.ts';
import { currentPeriod, monthKey, monthStart } from '../../domain/network/period.ts';
import { notFound } from '../../http/errors.ts';
import { belowPattern, containsPattern, loadCaller, type Caller } from './caller.ts';

type NetworkView = components['schemas']['NetworkView'];
type NetworkNodePage = components['schemas']['NetworkNodePage'];

type Paging = { page: number; pageSize: number };

/** A node and a page of its personally sponsored distributors, newest signing first. */
async function networkView(
  db: Kysely<DB>,
  caller: Caller,
  nodeId: number,
  paging: Paging,
): Promise<NetworkView> {
  const scope: NodeScope = { periodStart: currentPeriod(new Date()).start, rootDepth: caller.depth };
  const children = db.selectFrom('users').where('sponsor_id', '=', nodeId).where('is_partner', '=', true);
  const [page, count] = await Promise.all([
    children
      .select('id')
      .orderBy('signing_date', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    children.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  // The node apart from its children: one set of many children and one of a page of leaves plan differently
  // (together the planner may pick a sequential scan of the volumes).
  const node = (await loadNodes(db, [nodeId], scope)).get(nodeId);
  if (node === undefined) throw notFound();
  const items = await loadNodeList(
    db,
    page.map((row) => row.id),
    scope,
  );
  return {
    node,
    children: {
      items,
      page: paging.page,
      pageSize: paging.pageSize,
      total: count?.total ?? 0,
    },
  };
}

export const getMyNetwork: Handler<'getMyNetwork'> = async ({ db, user, query }) => {
  const caller = await loadCaller(db, user.userId);
  return networkView(db, caller, caller.id, { page: query.page ?? 1, pageSize: query.pageSize ?? 20 });
};

/** 404 unless `id` is the caller or below them. */
async function assertInDownline(db: Kysely<DB>, caller: Caller, id: number): Promise<void> {
  if (id !== caller.id) {
    // Only the caller's downline: the node's materialised path must start with the caller's.
    const target = await db
      .selectFrom('users')
      .where('id', '=', id)
      .where('path', 'like', belowPattern(caller.path))
      .where('is_partner', '=', true)
      .select('id')
      .executeTakeFirst();
    if (target === undefined) throw notFound();
  }
}

export const getNetworkNode: Handler<'getNetworkNode'> = async ({ db, user, params, query }) => {
  const caller = await loadCaller(db, user.userId);
  await assertInDownline(db, caller, params.id);
  return networkView(db, caller, params.id, { page: query.page ?? 1, pageSize: query.pageSize ?? 20 });
};

/** A member's PV and GV of the last 12 months (the current one last), for their card. */
export const getNetworkNodeVolumes: Handler<'getNetworkNodeVolumes'> = async ({ db, user, params }) => {
  const caller = await loadCaller(db, user.userId);
  await assertInDownline(db, caller, params.id);
  const now = new Date();
  const rows = await db
    .selectFrom('monthly_volumes')
    .where('user_id', '=', params.id)
    .where('month', '>', monthStart(now, -12))
    .where('month', '<=', monthStart(now))
    .select(['month', 'pv', 'gv', 'closed'])
    .orderBy('month', 'asc')
    .execute();
  return rows.map((row) => ({
    month: monthKey(row.month),
    pv: Number(row.pv),
    gv: Number(row.gv),
    closed: row.closed,
  }));
};

/**
 * The line from the caller down to a member of their downline: the ids in the member's materialised path
 * (`1.5.23.`) from the caller's own id on, built as network records in one batch (a line is as long as the depth).
 */
export const getNetworkNodePath: Handler<'getNetworkNodePath'> = async ({ db, user, params }) => {
  const caller = await loadCaller(db, user.userId);
  await assertInDownline(db, caller, params.id);
  const target = await db.selectFrom('users').where('id', '=', params.id).select('path').executeTakeFirst();
  if (target === undefined) throw notFound();
  const ids = target.path
    .split('.')
    .filter((part) => part !== '')
    .map(Number);
  const line = ids.slice(Math.max(ids.indexOf(caller.id), 0));
  const items = await loadNodeList(db, line, {
    periodStart: currentPeriod(new Date()).start,
    rootDepth: caller.depth,
  });
  if (items[0]?.id !== caller.id || items.at(-1)?.id !== params.id) throw notFound();
  return { items };
};

type SearchSort = 'name' | 'rank' | 'pv' | 'gv' | 'signingDate';
type SearchEb = ExpressionBuilder<DB & { u: DB['users']; mv: DB['monthly_volumes'] }, 'u' | 'mv'>;

/** The stored rank's place on the ladder (unknown ranks first). */
function rankOrder(eb: SearchEb) {
  let builder = eb
    .case()
    .when('u.rank', '=', RANKS[0]?.code ?? '')
    .then(0);
  RANKS.forEach((rank, index) => {
    if (index > 0) builder = builder.when('u.rank', '=', rank.code).then(index);
  });
  return builder.else(-1).end();
}

export const searchMyNetwork: Handler<'searchMyNetwork'> = async ({ db, user, query }) => {
  const caller = await loadCaller(db, user.userId);
  const periodStart = currentPeriod(new Date()).start;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const sort: SearchSort = query.sort ?? 'signingDate';
  const direction = query.order ?? (sort === 'name' ? 'asc' : 'desc');
  let base = db
    .selectFrom('users as u')
    .leftJoin('monthly_volumes as mv', (join) =>
      join.onRef('mv.user_id', '=', 'u.id').on('mv.month', '=', periodStart),
    )
    .where('u.path', 'like', belowPattern(caller.path))
    .where('u.id', '<>', caller.id)
    .where('u.is_partner', '=', true);
  const attention = query.attention;
  if (attention !== undefined)
    base = base.where((eb) => attentionCondition(eb, attention, new Date(), query.periods ?? 3));
  if (query.q !== undefined) {
    const pattern = containsPattern(query.q.trim() === '' ? query.q : query.q.trim());
    base = base.where((eb) =>
      eb.or([
        eb('u.search_name', 'like', pattern),
        eb('u.search_email', 'like', pattern),
        eb('u.search_phone', 'like', pattern),
        eb('u.search_prn', 'like', pattern),
      ]),
    );
  }
  const offset = (page - 1) * pageSize;
  if (attention !== undefined && query.q === undefined && query.sort === undefined) {
    // No order asked: the maintained attention table, one index range in tree order (constant cost, migration 0008).
    const found = await attentionPage(db, {
      caller,
      attention,
      periods: query.periods ?? 3,
      now: new Date(),
      limit: pageSize,
      offset,
    });
    const items = await loadNodeList(db, found.ids, { periodStart, rootDepth: caller.depth });
    return { items, page, pageSize, total: found.total } satisfies NetworkNodePage;
  }
  let ids: number[];
  let total: number;
  if (query.q === undefined && attention === undefined && (sort === 'signingDate' || sort === 'name')) {
    // The whole downline in an indexed order: the page walks `users_downline_signing_idx` / `_name_idx` and stops
    // after it (or, for a small downline, the path index and a small sort: the planner picks); the total is the
    // maintained figure of `downline_counts` (migration 0005), not a count over the downline.
    // Ties in the index's order: by id ascending when walked forward, descending when walked backward.
    const forward = sort === 'name' ? direction === 'asc' : direction === 'desc';
    const key =
      sort === 'name'
        ? sql`u.full_name ${sql.raw(direction)}`
        : sql`u.signing_date ${sql.raw(direction)} nulls ${sql.raw(forward ? 'last' : 'first')}`;
    const [rows, counted] = await Promise.all([
      db
        .selectFrom('users as u')
        .select('u.id')
        .where('u.path', 'like', belowPattern(caller.path))
        .where('u.id', '<>', caller.id)
        .where('u.is_partner', '=', true)
        .orderBy(key)
        .orderBy('u.id', forward ? 'asc' : 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      db.selectFrom('downline_counts').select('n').where('user_id', '=', caller.id).executeTakeFirst(),
    ]);
    ids = rows.map((row) => row.id);
    total = counted?.n ?? 0;
  } else {
    // The total comes with the page (a window count); only a page past the end needs a separate count.
    let ordered = base.select((eb) => ['u.id', eb.fn.countAll<number>().over().as('total')]);
    if (sort === 'name') ordered = ordered.orderBy('u.full_name', direction);
    else if (sort === 'rank') ordered = ordered.orderBy(rankOrder, direction).orderBy('u.full_name', 'asc');
    else if (sort === 'pv') ordered = ordered.orderBy((eb) => eb.fn.coalesce('mv.pv', eb.val(0)), direction);
    else if (sort === 'gv') ordered = ordered.orderBy((eb) => eb.fn.coalesce('mv.gv', eb.val(0)), direction);
    else ordered = ordered.orderBy('u.signing_date', direction);
    const rows = await ordered.orderBy('u.id', 'asc').limit(pageSize).offset(offset).execute();
    ids = rows.map((row) => row.id);
    total =
      rows[0]?.total ??
      (page === 1
        ? 0
        : ((await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst())?.total ?? 0));
  }
  const items = await loadNodeList(db, ids, { periodStart, rootDepth: caller.depth });
  return { items, page, pageSize, total } satisfies NetworkNodePage;
};
