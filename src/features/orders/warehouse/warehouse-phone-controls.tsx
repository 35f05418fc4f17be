import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { WarehouseTab } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { COLUMN_LABELS } from './warehouse-orders-table.tsx';
import { PAGE_SIZES, QUEUE_SORTS, type QueueSort, type SortDirection } from './warehouse-orders.params.ts';

/**
 * The queue's controls on a phone (below 720 px; hidden wider, where the tabs, the sortable headers and the
 * page size field do the same): the tab as one select with its count, the sort and its direction as one select,
 * the page size. Three short selects instead of tabs wrapping onto four rows and a wrapped header row, so the
 * orders themselves are on the first screen. Their labels are read by screen readers only: each choice names
 * itself ("New (12)", "Date, descending", "20 per page").
 */
export function WarehousePhoneControls({
  tabs,
  tab,
  onTab,
  sort,
  dir,
  onSort,
  pageSize,
  onPageSize,
}: {
  /** the queue's tabs and the Returns tab (`returns`), as the wide screen's tab row lists them */
  tabs: readonly { value: WarehouseTab | 'returns'; label: string }[];
  tab: WarehouseTab | 'returns';
  onTab: (tab: WarehouseTab | 'returns') => void;
  sort: QueueSort;
  dir: SortDirection;
  onSort: (sort: QueueSort, dir: SortDirection) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <>
      <div className="warehouse-phone__field warehouse-phone__tab">
        <label htmlFor={`${id}-tab`} className="visually-hidden">{t`Status`}</label>
        <select
          id={`${id}-tab`}
          value={tab}
          onChange={(event) => {
            const next = tabs.find((item) => item.value === event.target.value);
            if (next !== undefined) onTab(next.value);
          }}
        >
          {tabs.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
      </div>
      <div className="warehouse-phone__field warehouse-phone__size">
        <label htmlFor={`${id}-size`} className="visually-hidden">{t`Orders per page`}</label>
        <select
          id={`${id}-size`}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t`${size} per page`}
            </option>
          ))}
        </select>
      </div>
      <div className="warehouse-phone__field warehouse-phone__sort">
        <label htmlFor={`${id}-sort`} className="visually-hidden">{t`Sort`}</label>
        <select
          id={`${id}-sort`}
          value={`${sort}:${dir}`}
          onChange={(event) => {
            const [column, direction] = event.target.value.split(':');
            const next = QUEUE_SORTS.find((item) => item === column);
            if (next !== undefined && (direction === 'asc' || direction === 'desc')) onSort(next, direction);
          }}
        >
          {QUEUE_SORTS.map((column) => {
            const name = i18n._(COLUMN_LABELS[column]);
            return [
              <option key={`${column}:asc`} value={`${column}:asc`}>
                {t`${name}, ascending`}
              </option>,
              <option key={`${column}:desc`} value={`${column}:desc`}>
                {t`${name}, descending`}
              </option>,
            ];
          })}
        </select>
      </div>
    </>
  );
}
