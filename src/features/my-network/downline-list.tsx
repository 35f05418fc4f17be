import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate, formatNumber, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { distributorPath, treePath } from './network-paths.ts';
import { QueryFailure, SearchField } from '../../ui/list-controls.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { failureKind } from '../../data/failure-kind.ts';
import { useNetworkSearch, type NetworkNode, type NetworkSort, type SortOrder } from '../../data/network.ts';
import { RANK_NAMES, VOLUME_CODES } from './network-labels.ts';
import {
  ATTENTION,
  DOWNLINE_PAGE_SIZE,
  defaultOrder,
  inNetworkOrder,
  readDownlineParams,
  toQuery,
  type Attention,
  type DownlineParams,
} from './downline-params.ts';

const PERIOD_CHOICES = [1, 2, 3, 6, 12] as const;

/** The whole downline as a searchable, sortable, paged table (`GET /users/my-network/search`). */
export function DownlineList() {
  const { t } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readDownlineParams(searchParams);
  const query = useNetworkSearch(toQuery(params));

  const update = useCallback(
    (changes: Partial<DownlineParams>, replace = false) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            const text = String(value);
            const isDefault =
              ((name === 'q' || name === 'attention') && text === '') ||
              (name === 'page' && text === '1') ||
              (name === 'periods' && text === '3');
            if (isDefault) next.delete(name);
            else next.set(name, text);
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );
  const onSearch = useCallback((q: string) => update({ q, page: 1 }, true), [update]);

  const onSort = (sort: NetworkSort) => {
    const order: SortOrder =
      params.sort === sort ? (params.order === 'asc' ? 'desc' : 'asc') : defaultOrder(sort);
    update({ sort, order, page: 1 });
  };

  const searched = params.q;
  const page = query.data;
  const total = page?.total ?? 0;
  // On a phone the optional columns go (priority columns); the rank moves under the name.
  const columns: ReadonlyArray<{ sort?: NetworkSort; label: string; numeric?: boolean; optional?: boolean }> =
    [
      { sort: 'name', label: t`Name` },
      { sort: 'rank', label: t`Rank`, optional: true },
      { sort: 'pv', label: VOLUME_CODES.pv, numeric: true },
      { sort: 'gv', label: VOLUME_CODES.gv, numeric: true },
      { sort: 'signingDate', label: t`Signing date`, optional: true },
      { label: t`Level`, numeric: true, optional: true },
      { label: t`First line`, numeric: true, optional: true },
    ];

  return (
    <section className="downline">
      <h2 id="downline-title" className="visually-hidden">
        {t`Distributors of my network`}
      </h2>
      <div className="downline__toolbar">
        <SearchField
          label={t`Search distributors`}
          placeholder={t`Name, e-mail, phone or PRN`}
          value={params.q}
          onSearch={onSearch}
        />
        <AttentionFilter
          attention={params.attention}
          periods={params.periods}
          onChange={(attention, periods) => update({ attention, periods, page: 1 })}
        />
        <p className="downline__count" role="status">
          {page === undefined
            ? ''
            : params.q === ''
              ? t({ message: plural(total, { one: '# distributor', other: '# distributors' }) })
              : t({ message: plural(total, { one: '# distributor found', other: '# distributors found' }) })}
        </p>
      </div>

      {query.isPending ? (
        <div className="downline__loading">
          <Spinner label={t`Loading distributors…`} />
          <Skeleton lines={8} />
        </div>
      ) : query.isError && page === undefined ? (
        <QueryFailure
          kind={failureKind(query.error)}
          title={t`The distributors could not be loaded.`}
          onRetry={() => void query.refetch()}
        />
      ) : total === 0 && params.attention !== '' ? (
        <EmptyState
          title={t`Nobody here needs attention`}
          description={t`No distributor of your network matches this filter now.`}
        >
          <Button variant="secondary" onClick={() => update({ attention: '', q: '', page: 1 })}>
            {t`Show everyone`}
          </Button>
        </EmptyState>
      ) : total === 0 ? (
        params.q === '' ? (
          <EmptyState
            title={t`No distributors yet`}
            description={t`Distributors you sign up, and theirs, will be listed here.`}
          />
        ) : (
          <EmptyState
            title={t`Nobody matches “${searched}”`}
            description={t`Try a part of the name, the e-mail, the phone number or the PRN.`}
          >
            <Button variant="secondary" onClick={() => update({ q: '', page: 1 })}>
              {t`Clear search`}
            </Button>
          </EmptyState>
        )
      ) : (
        <>
          <div
            className="table-scroll"
            role="region"
            aria-labelledby="downline-title"
            // A keyboard user can scroll the table sideways on a narrow screen.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            <table className="data-table" aria-busy={query.isPlaceholderData || undefined}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th
                      key={column.label}
                      scope="col"
                      className={
                        [column.numeric ? 'data-table__numeric' : '', column.optional ? 'col-optional' : '']
                          .join(' ')
                          .trim() || undefined
                      }
                      aria-sort={
                        column.sort === undefined || column.sort !== params.sort || inNetworkOrder(params)
                          ? undefined
                          : params.order === 'asc'
                            ? 'ascending'
                            : 'descending'
                      }
                    >
                      {column.sort === undefined ? (
                        column.label
                      ) : (
                        <SortButton
                          label={column.label}
                          active={column.sort === params.sort && !inNetworkOrder(params)}
                          order={params.order}
                          onClick={() => column.sort !== undefined && onSort(column.sort)}
                        />
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page?.items.map((node) => (
                  <DownlineRow key={node.id} node={node} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={params.page}
            pageSize={DOWNLINE_PAGE_SIZE}
            total={total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </section>
  );
}

function AttentionFilter({
  attention,
  periods,
  onChange,
}: {
  attention: Attention | '';
  periods: number;
  onChange: (attention: Attention | '', periods: number) => void;
}) {
  const { t } = useLingui();
  const filterId = useId();
  const periodsId = useId();
  const labels: Record<Attention, string> = {
    pv_zero: t`PV 0 this period`,
    below_active: t`PV below the active threshold this period`,
    no_orders: t`No orders for a number of periods`,
    rank_drop: t`Leaders who dropped rank`,
  };
  return (
    <div className="downline__filter">
      <div className="downline__field">
        <label htmlFor={filterId}>{t`Who needs attention`}</label>
        <select
          id={filterId}
          data-filter="attention"
          value={attention}
          onChange={(event) => onChange(ATTENTION.find((key) => key === event.target.value) ?? '', periods)}
        >
          <option value="">{t`Everyone`}</option>
          {ATTENTION.map((key) => (
            <option key={key} value={key}>
              {labels[key]}
            </option>
          ))}
        </select>
      </div>
      {attention === 'no_orders' ? (
        <div className="downline__field">
          <label htmlFor={periodsId}>{t`Periods without orders`}</label>
          <select
            id={periodsId}
            data-filter="periods"
            value={periods}
            onChange={(event) => onChange(attention, Number(event.target.value))}
          >
            {PERIOD_CHOICES.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}

function SortButton({
  label,
  active,
  order,
  onClick,
}: {
  label: string;
  active: boolean;
  order: SortOrder;
  onClick: () => void;
}) {
  return (
    <button type="button" className="sort-button" data-active={active} onClick={onClick}>
      <span>{label}</span>
      <span className="sort-button__arrow" aria-hidden="true">
        {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
}

function DownlineRow({ node }: { node: NetworkNode }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const rank = i18n._(RANK_NAMES[node.rank]);
  return (
    <tr>
      <td>
        <Link to={distributorPath(node.id)} className="data-table__primary">
          {node.fullName}
        </Link>
        <span className="data-table__secondary" title={node.email}>
          {node.email}
        </span>
        <span className="data-table__secondary phone-only">{rank}</span>
        <Link to={treePath(null, node.id)} className="data-table__secondary">
          {t`Show in the tree`}
        </Link>
      </td>
      <td className="col-optional">{rank}</td>
      <td className="data-table__numeric">{formatPoints(node.volumes.pv, locale)}</td>
      <td className="data-table__numeric">{formatPoints(node.volumes.gv, locale)}</td>
      <td className="col-optional">{formatDate(node.signingDate, locale)}</td>
      <td className="data-table__numeric col-optional">{formatNumber(node.level, locale)}</td>
      <td className="data-table__numeric col-optional">{formatNumber(node.childrenCount, locale)}</td>
    </tr>
  );
}
