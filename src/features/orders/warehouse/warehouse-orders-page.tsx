import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { selectSelectedIds, selectSubmitting } from '#machines/order-bulk/order-bulk.selectors.ts';
import type { BulkCandidate } from '#machines/order-bulk/order-bulk.types.ts';
import { WAREHOUSE_TABS, type WarehouseTab } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { formatNumber } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { PageHeader } from '#src/ui/page-header.tsx';
import { QueryFailure } from '#src/ui/query-failure.tsx';
import { Pagination, pageCount } from '#src/ui/pagination.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { Tabs } from '#src/ui/tabs.tsx';
import { WAREHOUSE_TAB_LABELS } from '../view/order-messages.ts';
import {
  FIRST_DIRECTION,
  PAGE_SIZES,
  isNewestFirst,
  readListParams,
  writeListParams,
  type QueueSort,
} from './warehouse-orders.params.ts';
import { useArrivedOrdersPill } from '#src/data/live.ts';
import { useWarehouseOrdersQuery, type OrderSummary, type WarehouseListParams } from '#src/data/orders.ts';
import { useOrderBulk } from './order-bulk.actors.ts';
import { WarehouseBulkBar, WarehouseBulkResults } from './warehouse-bulk-bar.tsx';
import { WarehouseOrderFilters } from './warehouse-order-filters.tsx';
import { WarehousePhoneControls } from './warehouse-phone-controls.tsx';
import { WarehouseOrdersSkeleton, WarehouseOrdersTable } from './warehouse-orders-table.tsx';
import '../view/order-view.css';
import './warehouse-orders.css';
import { failureKind } from '#src/data/failure-kind.ts';
import { useReturnQueue } from '#src/data/returns.ts';
import { WarehouseReturnsList, waitingCount } from '../returns/warehouse-returns-list.tsx';

const RETURNS_TAB = 'returns' as const;

function isTab(value: string): value is WarehouseTab {
  return (WAREHOUSE_TABS as readonly string[]).includes(value);
}

const candidateOf = (order: OrderSummary): BulkCandidate => ({
  id: order.id,
  number: order.number,
  version: order.version,
  status: order.status,
  paymentMethod: order.paymentMethod,
  paymentState: order.paymentState,
  deliveryType: order.deliveryType,
});

/**
 * `/my-orders-warehouse`: the warehouse's queue by tab, with counts that follow the search and filters, sortable
 * columns, the age in the current status, bulk actions and printing over a selection. Everything the user chose
 * lives in the address.
 */
export default function WarehouseOrdersPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const [draft, setDraft] = useState(params.q);
  const query = useWarehouseOrdersQuery(params);
  const data = query.data;
  const arrived = useArrivedOrdersPill(data?.items.map((order) => order.id) ?? []);
  const bulk = useOrderBulk();
  const selected = useSelector(bulk, selectSelectedIds);
  const submitting = useSelector(bulk, selectSubmitting);
  // The Returns tab (`?tab=returns`) lists returns, not orders; its label counts those waiting for the warehouse.
  const returnsTab = search.get('tab') === RETURNS_TAB;
  const returnCounts = useReturnQueue('requested', 1);
  const waiting = waitingCount(returnCounts.data);
  const returnsLabel = waiting === null ? t`Returns` : t`Returns (${formatNumber(waiting, locale)} waiting)`;

  /** Any change but paging starts again at page 1 (and drops the keyset). */
  const go = (next: Partial<WarehouseListParams>) => {
    const { after: _after, ...rest } = params;
    setSearch(writeListParams({ ...rest, page: 1, ...next }));
  };
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ q: draft.trim() });
  };
  const sort: QueueSort = params.sort ?? 'date';
  const dir = params.dir ?? FIRST_DIRECTION[sort];
  const onSort = (column: QueueSort) => {
    const nextDir = column === sort ? (dir === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[column];
    go({ sort: column, dir: nextDir });
  };
  const pages = data === undefined ? 1 : pageCount(data.total, data.pageSize);
  const tabLabel = (tab: WarehouseTab) => {
    const label = i18n._(WAREHOUSE_TAB_LABELS[tab]);
    const count = data?.counts[tab];
    return count === undefined ? label : `${label} (${formatNumber(count, locale)})`;
  };

  const content = (tab: WarehouseTab) => {
    const caption = params.q !== '' ? t`${tabLabel(tab)}, search “${params.q}”` : tabLabel(tab);
    if (query.isError) {
      return (
        <QueryFailure
          title={t`The orders could not be loaded`}
          kind={failureKind(query.error)}
          onRetry={() => void query.refetch()}
        />
      );
    }
    if (data === undefined) {
      return (
        <div aria-busy="true">
          <Spinner label={t`Loading orders…`} />
          <WarehouseOrdersSkeleton rows={Math.min(params.pageSize, 10)} />
        </div>
      );
    }
    if (data.items.length === 0) {
      return params.q === '' ? (
        <EmptyState title={t`No orders here`} description={t`Orders in this status will appear here.`} />
      ) : (
        <EmptyState title={t`Nothing found`} description={t`No order in this tab matches “${params.q}”.`}>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft('');
              go({ q: '' });
            }}
          >
            {t`Clear the search`}
          </Button>
        </EmptyState>
      );
    }
    const last = data.items.at(-1);
    return (
      <>
        <WarehouseOrdersTable
          orders={data.items}
          caption={caption}
          busy={query.isPlaceholderData}
          sorting={{ sort, dir, onSort }}
          selection={{
            selected,
            disabled: submitting,
            onToggle: (order) => bulk.send({ type: 'selection.toggle', order: candidateOf(order) }),
            onTogglePage: (on) =>
              bulk.send({ type: 'selection.page', orders: data.items.map(candidateOf), selected: on }),
          }}
          ageLimitHours={data.ageLimitHours}
          now={query.dataUpdatedAt}
        />
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          summary={t`Page ${formatNumber(data.page, locale)} of ${formatNumber(pages, locale)} · ${formatNumber(data.total, locale)} orders`}
          onPage={(next) =>
            go({
              page: next,
              // The next page by keyset in the default order: the same cost at any depth.
              ...(next === params.page + 1 && isNewestFirst(params) && last !== undefined
                ? { after: last.id }
                : {}),
            })
          }
        />
      </>
    );
  };

  // At the top of the open tab's panel, under the tabs: it floats over the list, never over the tabs.
  const arrivedPill = (
    <div className="warehouse-list__arrived" role="status">
      {arrived.count > 0 ? (
        <Button variant="secondary" className="warehouse-list__pill" onClick={arrived.show}>
          {t({ message: plural(arrived.count, { one: '# new order', other: '# new orders' }) })}
        </Button>
      ) : null}
    </div>
  );

  return (
    // The Returns tab keeps the search (it finds orders across the tabs) and hides what only sorts, filters or pages
    // orders (warehouse-orders.css).
    <div className="warehouse-list" data-tab={returnsTab ? RETURNS_TAB : params.tab}>
      <PageHeader title={t`Warehouse orders`} />
      <div className="warehouse-list__tools">
        <form role="search" className="warehouse-list__search" onSubmit={onSearch}>
          <label htmlFor={`${id}-q`} className="warehouse-list__search-label">
            {t`Search all tabs by order number or customer`}
          </label>
          <div className="warehouse-list__search-row">
            <input
              id={`${id}-q`}
              type="search"
              name="q"
              maxLength={100}
              autoComplete="off"
              placeholder={t`Order number or customer`}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit">{t`Search`}</Button>
          </div>
        </form>
        <div className="warehouse-list__size">
          <label htmlFor={`${id}-size`}>{t`Orders per page`}</label>
          <select
            id={`${id}-size`}
            value={params.pageSize}
            onChange={(event) => go({ pageSize: Number(event.target.value) })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>
      <WarehouseOrderFilters
        params={params}
        onChange={go}
        controls={
          <WarehousePhoneControls
            tabs={[
              ...WAREHOUSE_TABS.map((tab) => ({ value: tab, label: tabLabel(tab) })),
              { value: RETURNS_TAB, label: returnsLabel },
            ]}
            tab={returnsTab ? RETURNS_TAB : params.tab}
            onTab={(tab) => (tab === RETURNS_TAB ? setSearch({ tab: RETURNS_TAB }) : go({ tab }))}
            sort={sort}
            dir={dir}
            onSort={(column, direction) => go({ sort: column, dir: direction })}
            pageSize={params.pageSize}
            onPageSize={(size) => go({ pageSize: size })}
          />
        }
      />
      <WarehouseBulkResults actor={bulk} />
      <Tabs
        label={t`Warehouse orders by status`}
        value={returnsTab ? RETURNS_TAB : params.tab}
        onValueChange={(value) => {
          if (value === RETURNS_TAB) setSearch({ tab: RETURNS_TAB });
          else if (isTab(value)) go({ tab: value });
        }}
        items={[
          ...WAREHOUSE_TABS.map((tab) => ({
            value: tab,
            label: tabLabel(tab),
            content: (
              <>
                {arrivedPill}
                {content(tab)}
              </>
            ),
          })),
          { value: RETURNS_TAB, label: returnsLabel, content: returnsTab ? <WarehouseReturnsList /> : null },
        ]}
      />
      <WarehouseBulkBar actor={bulk} />
    </div>
  );
}
