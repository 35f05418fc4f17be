import { useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router-dom';
import { RETURN_STATUSES, RETURNS_WAITING } from '#machines/return-actions/return-actions.types.ts';
import { failureKind } from '#src/data/failure-kind.ts';
import { type ReturnPage, type ReturnQueueFilter, useReturnQueue } from '#src/data/returns.ts';
import { formatDateTime, formatMoney, formatNumber } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { formatAge } from '#src/i18n/labels/warehouse-queue.ts';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { Pagination, pageCount } from '#src/ui/pagination.tsx';
import { PATHS, pathTo } from '#src/ui/paths.ts';
import { QueryFailure } from '#src/ui/query-failure.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { TableScroll } from '../view/table-scroll.tsx';
import { RETURN_REASON_LABELS, RETURN_REFUND_LABELS, RETURN_STATUS_LABELS } from './return-messages.ts';
import { ReturnStatusBadge } from './return-details.tsx';
import './returns.css';

const FILTERS: readonly ReturnQueueFilter[] = [...RETURN_STATUSES, 'all'];

function readFilter(search: URLSearchParams): ReturnQueueFilter {
  const value = search.get('returns');
  return (FILTERS as readonly string[]).includes(value ?? '') ? (value as ReturnQueueFilter) : 'requested';
}

function readPage(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Returns waiting for the warehouse (requested or received), for the tab's label (null until the queue has been read). */
export function waitingCount(page: ReturnPage | undefined): number | null {
  return page === undefined ? null : RETURNS_WAITING.reduce((sum, status) => sum + page.counts[status], 0);
}

/**
 * The warehouse queue's Returns tab: the count per status (a status filter, in the address as `?returns=`), how
 * long the oldest waiting return has waited, and the returns of the filter, each opening its page.
 */
export function WarehouseReturnsList() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [search, setSearch] = useSearchParams();
  const filter = readFilter(search);
  const page = readPage(search);
  const query = useReturnQueue(filter, page);
  const data = query.data;
  const go = (next: { returns?: ReturnQueueFilter; page?: number }) => {
    const params = new URLSearchParams({ tab: 'returns' });
    const nextFilter = next.returns ?? filter;
    if (nextFilter !== 'requested') params.set('returns', nextFilter);
    const nextPage = next.page ?? 1;
    if (nextPage !== 1) params.set('page', String(nextPage));
    setSearch(params);
  };
  const filterLabel = (value: ReturnQueueFilter) => {
    const label = value === 'all' ? t`All` : i18n._(RETURN_STATUS_LABELS[value]);
    if (data === undefined) return label;
    const count =
      value === 'all'
        ? RETURN_STATUSES.reduce((sum, status) => sum + data.counts[status], 0)
        : data.counts[value];
    return `${label} (${formatNumber(count, locale)})`;
  };
  return (
    <div className="warehouse-returns" data-returns-filter={filter}>
      <div className="warehouse-returns__filters" role="group" aria-label={t`Returns by status`}>
        {FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            className="warehouse-returns__filter"
            aria-pressed={value === filter}
            data-filter={value}
            onClick={() => go({ returns: value })}
          >
            {filterLabel(value)}
          </button>
        ))}
      </div>
      {data === undefined || data.oldestWaitingAt === null ? null : (
        <p className="warehouse-returns__oldest" data-oldest-waiting={data.oldestWaitingAt}>
          {t`The oldest waiting return was requested ${formatAge(query.dataUpdatedAt - Date.parse(data.oldestWaitingAt), locale)} ago.`}
        </p>
      )}
      {query.isError ? (
        <QueryFailure
          title={t`The returns could not be loaded`}
          kind={failureKind(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : data === undefined ? (
        <Spinner label={t`Loading returns…`} />
      ) : data.items.length === 0 ? (
        <EmptyState title={t`No returns here`} description={t`Returns in this status will appear here.`} />
      ) : (
        <>
          <TableScroll label={filterLabel(filter)}>
            <table
              className="order-table order-table--cards warehouse-returns__table"
              aria-busy={query.isPlaceholderData}
            >
              <thead>
                <tr>
                  <th scope="col">{t`Return`}</th>
                  <th scope="col">{t`Requested`}</th>
                  <th scope="col">{t`Customer`}</th>
                  <th scope="col">{t`Reason`}</th>
                  <th scope="col" className="order-table__num">{t`Units`}</th>
                  <th scope="col" className="order-table__num">{t`Refund`}</th>
                  <th scope="col">{t`Status`}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((ret) => (
                  <tr key={ret.id} data-return-id={ret.id}>
                    <th scope="row">
                      <Link to={pathTo(PATHS.warehouseReturn, { returnId: ret.id })}>{ret.number}</Link>
                    </th>
                    <td data-label={t`Requested`}>{formatDateTime(ret.requestedAt, locale)}</td>
                    <td data-label={t`Customer`}>{ret.customer.fullName}</td>
                    <td data-label={t`Reason`}>{i18n._(RETURN_REASON_LABELS[ret.reason])}</td>
                    <td className="order-table__num" data-label={t`Units`}>
                      {formatNumber(ret.itemCount, locale)}
                    </td>
                    <td className="order-table__num" data-label={t`Refund`}>
                      {formatMoney(ret.refundAmount, ret.currency, locale)}
                      <span className="order-fields__hint return-refund-state">
                        {i18n._(RETURN_REFUND_LABELS[ret.refundState])}
                      </span>
                    </td>
                    <td data-label={t`Status`}>
                      <ReturnStatusBadge status={ret.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            summary={t`Page ${formatNumber(data.page, locale)} of ${formatNumber(pageCount(data.total, data.pageSize), locale)} · ${formatNumber(data.total, locale)} returns`}
            onPage={(next) => go({ page: next })}
          />
        </>
      )}
    </div>
  );
}
