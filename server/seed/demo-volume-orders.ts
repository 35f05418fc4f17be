/**
 * The orders behind the demo's volumes (docs/adr/0084-one-engine-seed-included.md): for every month a member
 * orders in (`planVolumes`), one order of products whose points make that month's wish, walked along the whole
 * lifecycle to `sent_to_1c` (`completed` or `sent_to_1c` in the current month) like every demo order. The seed then
 * credits them through the volume engine at the moment their history says they were completed, and closes the
 * months: the demo's figures are the sum of its orders.
 */
import { sql, type Transaction } from 'kysely';
import type { ActorRole } from '../db/reference.ts';
import type { DB } from '../db/schema.ts';
import { monthBegins, monthEnds } from '../domain/network/period.ts';
import { ids } from './demo-ids.ts';
import type { VolumeWish } from './network.ts';
import { stepsTo } from './orders-steps.ts';
import type { OrderPlan, SeedLine, SeedOrder, SeedProduct, SeedWarehouse } from './orders-types.ts';
import type { Prng } from './prng.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface VolumeOrdersInput {
  wishes: readonly VolumeWish[];
  products: readonly SeedProduct[];
  warehouseOf: (id: number) => SeedWarehouse;
  /** the current month (`YYYY-MM-01`): its orders end before `now`, some not yet sent to 1C */
  current: string;
  now: Date;
  zone: string;
}

interface PoolProduct {
  id: number;
  points: number;
}

const pools = new WeakMap<
  readonly SeedProduct[],
  { sorted: PoolProduct[]; byPoints: Map<number, PoolProduct[]> }
>();

/** The products with points, by points (hundredths), ascending; built once per catalogue. */
function poolOf(products: readonly SeedProduct[]) {
  let pool = pools.get(products);
  if (pool === undefined) {
    const sorted = products
      .filter((product) => product.points > 0)
      .map((product) => ({ id: product.id, points: Math.round(product.points * 100) }))
      .sort((a, b) => a.points - b.points || a.id - b.id);
    const byPoints = new Map<number, PoolProduct[]>();
    for (const product of sorted)
      byPoints.set(product.points, [...(byPoints.get(product.points) ?? []), product]);
    pool = { sorted, byPoints };
    pools.set(products, pool);
  }
  return pool;
}

/** How many products of `sorted` have at most `bound` points. */
function countUpTo(sorted: readonly PoolProduct[], bound: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle]?.points ?? Infinity) <= bound) low = middle + 1;
    else high = middle;
  }
  return low;
}

const MAX_QUANTITY = 6;

/** One product in some quantity, or two, whose points make `target` exactly (a random one of those found), or null. */
function oneOrTwoLines(
  prng: Prng,
  sorted: readonly PoolProduct[],
  byPoints: ReadonlyMap<number, PoolProduct[]>,
  target: number,
): { productId: number; quantity: number }[] | null {
  const single = (amount: number, except: number): { productId: number; quantity: number } | null => {
    for (let quantity = 1; quantity <= MAX_QUANTITY; quantity++) {
      if (amount % quantity !== 0) continue;
      const found = (byPoints.get(amount / quantity) ?? []).filter((product) => product.id !== except);
      if (found.length > 0) return { productId: prng.pick(found).id, quantity };
    }
    return null;
  };
  const one = single(target, 0);
  if (one !== null && prng.chance(0.5)) return [one];
  const start = Math.floor(prng.next() * sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    const product = sorted[(start + i) % sorted.length];
    if (product === undefined) continue;
    for (let quantity = 1; quantity <= MAX_QUANTITY && quantity * product.points < target; quantity++) {
      const rest = single(target - quantity * product.points, product.id);
      if (rest !== null) return [{ productId: product.id, quantity }, rest];
    }
  }
  return one === null ? null : [one];
}

/**
 * Products and quantities whose points add up to `points` (in hundredths, both), each product once, as few lines as
 * it easily can: a short randomised search, larger products and quantities first. Exact whenever the catalogue allows
 * (its points are halves from 2.5 up); a wish below the smallest product's points buys that one.
 */
export function linesForPoints(
  prng: Prng,
  products: readonly SeedProduct[],
  points: number,
): { productId: number; quantity: number }[] {
  const { sorted, byPoints } = poolOf(products);
  const smallest = sorted[0]?.points ?? 0;
  if (smallest === 0) return [];
  const used = new Set<number>();
  const search = (remaining: number, depth: number): { productId: number; quantity: number }[] | null => {
    if (remaining === 0) return [];
    if (depth === 0) return null;
    const candidates: PoolProduct[] = [];
    for (const product of byPoints.get(remaining) ?? []) if (!used.has(product.id)) candidates.push(product);
    // What is left must be nothing or at least the smallest product.
    const fitting = countUpTo(sorted, remaining - smallest);
    for (let tries = 0; tries < 12 && candidates.length < 5 && fitting > 0; tries++) {
      const candidate = sorted[fitting - 1 - Math.floor(Math.pow(prng.next(), 2) * fitting)];
      if (candidate !== undefined && !used.has(candidate.id) && !candidates.includes(candidate))
        candidates.push(candidate);
    }
    for (const product of candidates) {
      used.add(product.id);
      const most = Math.min(6, Math.floor(remaining / product.points));
      for (let quantity = most; quantity >= 1; quantity--) {
        const left = remaining - quantity * product.points;
        if (left !== 0 && left < smallest) continue;
        const rest = search(left, depth - 1);
        if (rest !== null) return [{ productId: product.id, quantity }, ...rest];
      }
      used.delete(product.id);
    }
    return null;
  };
  const target = Math.max(points, smallest);
  return (
    oneOrTwoLines(prng, sorted, byPoints, target) ??
    search(target, 8) ?? [{ productId: sorted[0]?.id ?? 0, quantity: 1 }]
  );
}

/** A volume order: always picked up and paid in cash, along the lifecycle's pickup road. */
export interface VolumeOrder {
  plan: OrderPlan;
  /** the products and quantities, whose points make the month's wish */
  lines: readonly { productId: number; quantity: number }[];
  /** when it was completed (its points are credited then) */
  completedAt: Date;
  /** when it was sent to 1C, null while only completed */
  sentAt: Date | null;
}

/** One order per wish, created inside its month and completed there (rarely just after), never after `now`. */
export function planVolumeOrders(prng: Prng, input: VolumeOrdersInput): VolumeOrder[] {
  const orders: VolumeOrder[] = [];
  const bounds = new Map<string, { begins: number; ends: number }>();
  const boundsOf = (month: string) => {
    let found = bounds.get(month);
    if (found === undefined) {
      found = {
        begins: monthBegins(month, input.zone).getTime(),
        ends: monthEnds(month, input.zone).getTime(),
      };
      bounds.set(month, found);
    }
    return found;
  };
  const latestEnd = input.now.getTime() - 5 * 60_000;
  for (const wish of input.wishes) {
    const { begins, ends } = boundsOf(wish.month);
    const isCurrent = wish.month === input.current;
    const latest = isCurrent ? input.now.getTime() - 10 * 60_000 : ends - 8 * DAY;
    if (latest <= begins) continue;
    const { member } = wish;
    const created = begins + prng.next() * (latest - begins);
    const completed = Math.min(created + (1 + prng.next() * 5) * DAY, latestEnd);
    const sendToOneC = !isCurrent || prng.chance(0.5);
    const sent = sendToOneC ? Math.min(completed + (1 + prng.next() * 20) * HOUR, latestEnd) : null;
    orders.push({
      plan: {
        userId: member.id,
        userRole: member.id === ids.pw ? 'partner_warehouse' : 'partner',
        lang: member.lang,
        warehouse: input.warehouseOf(member.warehouseId),
        status: sent === null ? 'completed' : 'sent_to_1c',
        deliveryType: 'pickup',
        paymentMethod: 'cash',
        variant: 0,
        createdAt: new Date(created),
        address: null,
        clientId: null,
      },
      lines: linesForPoints(prng, input.products, Math.round(wish.points * 100)),
      completedAt: new Date(completed),
      sentAt: sent === null ? null : new Date(sent),
    });
  }
  return orders.sort((a, b) => a.plan.createdAt.getTime() - b.plan.createdAt.getTime());
}

/** The rows of the volume orders (their history is written by `insertVolumeHistory`). */
export function buildVolumeOrders(
  prng: Prng,
  orders: readonly VolumeOrder[],
  products: readonly SeedProduct[],
  now: Date,
  firstIds: { order: number; line: number },
): { orders: SeedOrder[]; lines: SeedLine[]; roads: VolumeRoad[] } {
  const byId = new Map(products.map((product) => [product.id, product]));
  const out = { orders: [] as SeedOrder[], lines: [] as SeedLine[], roads: [] as VolumeRoad[] };
  let orderId = firstIds.order;
  let lineId = firstIds.line;
  for (const { plan, lines, completedAt, sentAt } of orders) {
    const id = orderId++;
    const number = String(id).padStart(6, '0');
    let amount = 0;
    let finalCost = 0;
    let points = 0;
    for (const wanted of lines) {
      const product = byId.get(wanted.productId);
      if (product === undefined) throw new Error(`no product ${wanted.productId}`);
      const price = product.promoPrice ?? product.price;
      amount += product.price * wanted.quantity;
      finalCost += price * wanted.quantity;
      points += Math.round(product.points * 100) * wanted.quantity;
      out.lines.push({
        id: lineId++,
        order_id: id,
        product_id: product.id,
        sku: product.sku,
        name: JSON.stringify(product.name),
        list_price: product.price,
        price,
        points: product.points,
        requested_quantity: wanted.quantity,
        confirmed_quantity: wanted.quantity,
      });
    }
    const road = ROAD.slice(0, plan.status === 'sent_to_1c' ? ROAD.length : ROAD.length - 1);
    const last = sentAt ?? completedAt;
    const exchanged = sentAt !== null && now.getTime() - sentAt.getTime() > 2 * DAY;
    const staff = prng.pick(plan.warehouse.staff);
    out.orders.push({
      id,
      number,
      user_id: plan.userId,
      client_id: null,
      warehouse_id: plan.warehouse.id,
      status: plan.status,
      payment_method: 'cash',
      payment_state: 'not_required',
      delivery_type: 'pickup',
      delivery_address: null,
      pickup_point_id: prng.pick(plan.warehouse.pickupPointIds),
      courier_comment: null,
      comment: null,
      cancel_reason: null,
      partial_note: null,
      amount,
      discount: amount - finalCost,
      final_cost: finalCost,
      points: points / 100,
      currency: 'MDL',
      warehouse_number: `${plan.warehouse.code}-${number}`,
      warehouse_total: finalCost,
      version: road.length,
      exchange_state: sentAt === null ? null : exchanged ? 'confirmed' : 'queued',
      exchange_error: null,
      onec_document_number: exchanged ? `РН-${String(id).padStart(8, '0')}` : null,
      exchanged_at: exchanged && sentAt !== null ? new Date(sentAt.getTime() + HOUR) : null,
      created_at: plan.createdAt,
      updated_at: last,
    });
    out.roads.push({
      id,
      user: plan.userId,
      role: plan.userRole,
      staff: staff.id,
      staffRole: staff.role,
      created: plan.createdAt.toISOString(),
      completed: completedAt.toISOString(),
      sent: sentAt?.toISOString() ?? null,
    });
  }
  return out;
}

/** The pickup road of a cash order to `sent_to_1c`, as the lifecycle machine walks it (server/seed/orders-steps.ts). */
const ROAD = stepsTo({ status: 'sent_to_1c', deliveryType: 'pickup', paymentMethod: 'cash', variant: 0 });
const COMPLETE_STEP = ROAD.findIndex((step) => step.event === 'COMPLETE') + 1;

/** What `insertVolumeHistory` needs of an order: who, and when it was created, completed and sent to 1C. */
export interface VolumeRoad {
  id: number;
  user: number;
  role: ActorRole;
  staff: number;
  staffRole: ActorRole;
  created: string;
  completed: string;
  sent: string | null;
}

/**
 * The history of the volume orders, written by the database from the road (one entry per step, evenly spaced from
 * creation to completion, then the 1C step): a hundred and fifty thousand entries without sending each one over.
 */
export async function insertVolumeHistory(
  trx: Transaction<DB>,
  roads: readonly VolumeRoad[],
  firstId: number,
): Promise<void> {
  const events = ROAD.map((step) => step.event);
  const to = ROAD.map((step) => step.to ?? '');
  const actors = ROAD.map((step) => step.actor);
  const chunk = 4000;
  for (let i = 0; i < roads.length; i += chunk) {
    const part = roads.slice(i, i + chunk);
    await sql`
      insert into order_history (id, order_id, at, actor_id, actor_role, from_status, to_status, event)
      select ${firstId} - 1 + row_number() over (order by r.id, s.i),
        r.id,
        case when s.i <= ${COMPLETE_STEP}
          then r.created + (r.completed - r.created) * ((s.i - 1)::float8 / ${COMPLETE_STEP - 1})
          else r.sent end,
        case s.actor when 'customer' then r.user when 'warehouse' then r.staff end,
        case s.actor when 'customer' then r.role when 'warehouse' then r."staffRole" else s.actor end,
        lag(s.to_status) over (partition by r.id order by s.i),
        s.to_status, s.event
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb)
        as r(id int, "user" int, role text, staff int, "staffRole" text, created timestamptz, completed timestamptz,
             sent timestamptz)
      cross join lateral unnest(${events}::text[], ${to}::text[], ${actors}::text[]) with ordinality
        as s(event, to_status, actor, i)
      where s.i <= ${COMPLETE_STEP} or r.sent is not null`.execute(trx);
    firstId += part.reduce((sum, road) => sum + (road.sent === null ? COMPLETE_STEP : ROAD.length), 0);
  }
}
