/**
 * What narrows the warehouse queue besides the tab: the filters (delivery, payment, payment state, day range, time
 * in status) and the search (an order number prefix or a customer's name, e-mail or personal number), as
 * conditions on the summary query of `orders as o`.
 */
import type {
  DeliveryType,
  PaymentMethod,
  PaymentState,
  WarehouseTab,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { Db, summaryColumns } from './order-view.ts';

/** What narrows the queue besides the tab: the search and the filters (all optional). */
export interface QueueFilter {
  tab?: WarehouseTab | undefined;
  q?: string | undefined;
  delivery?: DeliveryType | undefined;
  payment?: PaymentMethod | undefined;
  paymentState?: PaymentState | undefined;
  /** placed on or after this day, `YYYY-MM-DD` (UTC) */
  from?: string | undefined;
  /** placed on or before this day, `YYYY-MM-DD` (UTC) */
  to?: string | undefined;
  /** entered its current status at or after this moment */
  changedSince?: string | undefined;
}

const DAY_MS = 86_400_000;

export const hasFilter = (filter: QueueFilter): boolean =>
  filter.delivery !== undefined ||
  filter.payment !== undefined ||
  filter.paymentState !== undefined ||
  filter.from !== undefined ||
  filter.to !== undefined ||
  filter.changedSince !== undefined;

export type SummaryQuery = ReturnType<typeof summaryColumns>;

/** The filters as conditions on `orders as o` (the day range in UTC days, `to` inclusive). */
export function applyFilters<Q extends SummaryQuery>(query: Q, filter: QueueFilter): Q {
  let out: SummaryQuery = query;
  if (filter.delivery !== undefined) out = out.where('o.delivery_type', '=', filter.delivery);
  if (filter.payment !== undefined) out = out.where('o.payment_method', '=', filter.payment);
  if (filter.paymentState !== undefined) out = out.where('o.payment_state', '=', filter.paymentState);
  if (filter.from !== undefined) out = out.where('o.created_at', '>=', new Date(`${filter.from}T00:00:00Z`));
  if (filter.to !== undefined)
    out = out.where('o.created_at', '<', new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS));
  if (filter.changedSince !== undefined)
    out = out.where('o.status_changed_at', '>=', new Date(filter.changedSince));
  return out as Q;
}

/** Above this many matching customers the search filters on the joined customer instead of a list of ids. */
const MAX_SEARCH_CUSTOMERS = 500;

/**
 * The smallest digit string above every string that starts with `prefix` (digits only): the last digit that is
 * not 9, plus one (`0509` → `051`); null when there is none (`999`). Order numbers are digit strings, so the range
 * `[prefix, bound)` is their prefix match and walks the `number` index.
 */
export function digitPrefixUpperBound(prefix: string): string | null {
  const digits = prefix.replace(/9+$/, '');
  const last = digits.at(-1);
  if (last === undefined) return null;
  return `${digits.slice(0, -1)}${String(Number(last) + 1)}`;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The search as a condition on the summary query: an order number prefix, or one of the matching customers. */
export async function applySearch(db: Db, query: SummaryQuery, q: string): Promise<SummaryQuery> {
  const contains = `%${escapeLike(q.toLowerCase())}%`;
  // Customers first (a small table next to the orders), then the orders: number prefix or one of them.
  const customers = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('search_name', 'like', contains),
        eb('search_email', 'like', contains),
        eb('search_prn', 'like', contains),
      ]),
    )
    .limit(MAX_SEARCH_CUSTOMERS + 1)
    .execute();
  const upper = /^[0-9]+$/.test(q) ? digitPrefixUpperBound(q) : undefined;
  return query.where((eb) => {
    const byNumber =
      upper === undefined
        ? eb('o.number', 'like', `${escapeLike(q)}%`)
        : eb.and([eb('o.number', '>=', q), ...(upper === null ? [] : [eb('o.number', '<', upper)])]);
    if (customers.length === 0) return byNumber;
    const byCustomer =
      customers.length > MAX_SEARCH_CUSTOMERS
        ? eb.or([
            eb('u.search_name', 'like', contains),
            eb('u.search_email', 'like', contains),
            eb('u.search_prn', 'like', contains),
          ])
        : eb(
            'o.user_id',
            'in',
            customers.map((row) => row.id),
          );
    return eb.or([byNumber, byCustomer]);
  });
}
