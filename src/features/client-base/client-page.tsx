import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { statusOf } from '../../api/errors.ts';
import { PATHS, pathTo } from '../../ui/paths.ts';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { useClient, type ClientDetail, type ClientOrder } from '../../data/network.ts';
import { DISPLAY_STATUS_NAMES } from './client-labels.ts';
import { QueryFailure } from '../../ui/list-controls.tsx';
import './client-base.css';
import { failureKind } from '../../data/failure-kind.ts';

/** The marketing plan's code for points, printed as it is in every language. */
const POINTS_CODE = 'PV';

/** One client (`GET /users/clients/{id}`): who they are, how to reach them, and the orders placed for them. */
export default function ClientPage() {
  const { t } = useLingui();
  const id = Number(useParams().id);
  const query = useClient(id);

  // Another distributor's client (or none) is a missing object: the route shows 'Not Found'.
  if (query.isError && statusOf(query.error) === 404) throw query.error;

  if (query.isPending) {
    return (
      <>
        <PageHeader title={t`Client`} />
        <Spinner label={t`Loading the client…`} />
        <Skeleton lines={8} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={t`Client`} />
        <QueryFailure
          title={t`The client could not be loaded.`}
          kind={failureKind(query.error)}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  return <ClientCard client={query.data} />;
}

function ClientCard({ client }: { client: ClientDetail }) {
  const { t } = useLingui();
  const locale = useLocale();
  const since = formatDate(client.createdAt, locale);
  return (
    <>
      <PageHeader
        title={client.fullName}
        subtitle={t`Client since ${since}`}
        actions={
          <Link className="button button--secondary" to={PATHS.clientBase}>
            {t`Back to the client base`}
          </Link>
        }
      />
      <div className="client-card">
        <section className="client-card__section" aria-labelledby="client-contacts">
          <h2 id="client-contacts">{t`Contact details`}</h2>
          <dl className="client-facts">
            <div>
              <dt>{t`Phone`}</dt>
              <dd>
                {client.phone === null ? (
                  t`Not given`
                ) : (
                  <a href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}>{client.phone}</a>
                )}
              </dd>
            </div>
            <div>
              <dt>{t`E-mail`}</dt>
              <dd>
                {client.email === null ? (
                  t`Not given`
                ) : (
                  <a href={`mailto:${client.email}`} className="truncate" title={client.email}>
                    {client.email}
                  </a>
                )}
              </dd>
            </div>
            <div>
              <dt>{t`City`}</dt>
              <dd>{client.city ?? t`Not given`}</dd>
            </div>
            {client.note !== null ? (
              <div>
                <dt>{t`Note`}</dt>
                <dd className="client-facts__note">{client.note}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <section className="client-card__section" aria-labelledby="client-summary">
          <h2 id="client-summary">{t`Purchases`}</h2>
          <dl className="client-facts">
            <div>
              <dt>{t`Orders`}</dt>
              <dd>{formatNumber(client.orderCount, locale)}</dd>
            </div>
            <div>
              <dt>{t`Last order`}</dt>
              <dd>
                {client.lastOrderAt === null ? t`No orders yet` : formatDateTime(client.lastOrderAt, locale)}
              </dd>
            </div>
          </dl>
        </section>
      </div>
      <section className="client-orders" aria-labelledby="client-orders">
        <h2 id="client-orders">{t`Orders for this client`}</h2>
        {client.orders.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title={t`No orders yet`}
            description={t`Orders you place for this client will be listed here.`}
          />
        ) : (
          <div className="table-scroll">
            <table className="data-table data-table--stack">
              <thead>
                <tr>
                  <th scope="col">{t`Order`}</th>
                  <th scope="col">{t`Placed`}</th>
                  <th scope="col">{t`Status`}</th>
                  <th scope="col">{t`Updated`}</th>
                  <th scope="col" className="data-table__numeric">
                    {t`Items`}
                  </th>
                  <th scope="col" className="data-table__numeric">
                    {POINTS_CODE}
                  </th>
                  <th scope="col" className="data-table__numeric">
                    {t`Total`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {client.orders.map((order) => (
                  <OrderRow key={order.id} order={order} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function OrderRow({ order }: { order: ClientOrder }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const number = order.number;
  return (
    <tr>
      <td>
        <Link to={pathTo(PATHS.myOrder, { orderId: order.id })} className="data-table__primary">
          {t`No. ${number}`}
        </Link>
      </td>
      <td data-label={t`Placed`}>{formatDateTime(order.createdAt, locale)}</td>
      <td data-label={t`Status`}>
        <span className="status-badge" data-status={order.displayStatus}>
          {i18n._(DISPLAY_STATUS_NAMES[order.displayStatus])}
        </span>
      </td>
      <td data-label={t`Updated`}>{formatDateTime(order.updatedAt, locale)}</td>
      <td className="data-table__numeric" data-label={t`Items`}>
        {formatNumber(order.itemCount, locale)}
      </td>
      <td className="data-table__numeric" data-label={POINTS_CODE}>
        {formatPoints(order.points, locale)}
      </td>
      <td className="data-table__numeric" data-label={t`Total`}>
        {formatMoney(order.finalCost, order.currency, locale)}
      </td>
    </tr>
  );
}
