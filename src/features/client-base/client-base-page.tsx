import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS, pathTo } from '../../ui/paths.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { useClients, type Client } from '../../data/network.ts';
import { CLIENTS_PAGE_SIZE, clientsQueryOf } from './client-base-params.ts';
import { QueryFailure, SearchField } from '../../ui/list-controls.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import './client-base.css';
import { failureKind } from '../../data/failure-kind.ts';

export const clientPath = (id: number) => pathTo(PATHS.client, { id });

/** The client base (`GET /users/clients`): search and pages in the URL (`?q=&page=`), newest clients first. */
export default function ClientBasePage() {
  const { t } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const clients = clientsQueryOf(searchParams);
  const { q = '', page = 1 } = clients;
  const query = useClients(clients);

  const update = useCallback(
    (changes: { q?: string; page?: number }, replace = false) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (changes.q !== undefined) {
            if (changes.q === '') next.delete('q');
            else next.set('q', changes.q);
          }
          if (changes.page !== undefined) {
            if (changes.page === 1) next.delete('page');
            else next.set('page', String(changes.page));
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );
  const onSearch = useCallback((text: string) => update({ q: text, page: 1 }, true), [update]);

  const searched = q;
  const data = query.data;
  const total = data?.total ?? 0;

  return (
    <>
      <PageHeader title={t`Client base`} subtitle={t`The customers you order for`} />
      <section className="client-base">
        <h2 id="clients-title" className="visually-hidden">
          {t`Clients`}
        </h2>
        <div className="client-base__toolbar">
          <SearchField
            label={t`Search clients`}
            placeholder={t`Name, e-mail, phone or city`}
            value={q}
            onSearch={onSearch}
          />
          <p className="client-base__count" role="status">
            {data === undefined
              ? ''
              : q === ''
                ? t({ message: plural(total, { one: '# client', other: '# clients' }) })
                : t({ message: plural(total, { one: '# client found', other: '# clients found' }) })}
          </p>
        </div>
        {query.isPending ? (
          <div>
            <Spinner label={t`Loading clients…`} />
            <Skeleton lines={8} />
          </div>
        ) : query.isError && data === undefined ? (
          <QueryFailure
            title={t`The clients could not be loaded.`}
            kind={failureKind(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : total === 0 ? (
          q === '' ? (
            <EmptyState
              title={t`No clients yet`}
              description={t`Customers you place orders for will be listed here.`}
            />
          ) : (
            <EmptyState
              title={t`Nobody matches “${searched}”`}
              description={t`Try a part of the name, the e-mail, the phone number or the city.`}
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
              aria-labelledby="clients-title"
              // A keyboard user can scroll the table sideways on a narrow screen.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
            >
              <table
                className="data-table data-table--stack"
                aria-busy={query.isPlaceholderData || undefined}
              >
                <thead>
                  <tr>
                    <th scope="col">{t`Name`}</th>
                    <th scope="col">{t`Contacts`}</th>
                    <th scope="col">{t`City`}</th>
                    <th scope="col" className="data-table__numeric">
                      {t`Orders`}
                    </th>
                    <th scope="col">{t`Last order`}</th>
                  </tr>
                </thead>
                <tbody>
                  {data?.items.map((client) => (
                    <ClientRow key={client.id} client={client} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={page}
              pageSize={CLIENTS_PAGE_SIZE}
              total={total}
              onPage={(next) => update({ page: next })}
            />
          </>
        )}
      </section>
    </>
  );
}

function ClientRow({ client }: { client: Client }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <tr>
      <td>
        <Link to={clientPath(client.id)} className="data-table__primary">
          {client.fullName}
        </Link>
      </td>
      <td data-label={t`Contacts`}>
        <span className="client-base__contacts">
          {client.phone !== null ? <span className="data-table__secondary">{client.phone}</span> : null}
          {client.email !== null ? (
            <span className="data-table__secondary truncate" title={client.email}>
              {client.email}
            </span>
          ) : null}
        </span>
      </td>
      <td data-label={t`City`}>{client.city ?? '—'}</td>
      <td className="data-table__numeric" data-label={t`Orders`}>
        {formatNumber(client.orderCount, locale)}
      </td>
      <td data-label={t`Last order`}>
        {client.lastOrderAt === null ? t`No orders yet` : formatDate(client.lastOrderAt, locale)}
      </td>
    </tr>
  );
}
