import { useLingui } from '@lingui/react/macro';
import { formatOpeningHours, localName } from '../../i18n/opening-hours.ts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { selectIsWarehouseLoading, selectWarehouse } from '#machines/auth/auth.selectors.ts';
import { useAuthSelector } from '../../session/auth-context.tsx';
import { PATHS } from '../../ui/paths.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { startOfToday, useWarehouseQueues } from '../../data/warehouse-queue.ts';
import { formatNumber } from '../../i18n/format.ts';
import { WAREHOUSE_TAB_LABELS, formatAge } from '../../i18n/labels/warehouse-queue.ts';
import './warehouse-home.css';

export interface WarehouseCardProps {
  /** Inside a distributor's dashboard the card is one among others (`h2`, compact). */
  compact?: boolean;
}

/**
 * The warehouse of warehouse staff (the auth machine's `GET /users/my-warehouse`) and the way to its orders. A
 * warehouse-only account lands on /dashboard and sees this instead of a distributor's figures, with its queues.
 */
export function WarehouseCard({ compact = false }: WarehouseCardProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const warehouse = useAuthSelector(selectWarehouse);
  const loading = useAuthSelector(selectIsWarehouseLoading);
  const ordersLink = (
    <Link to={PATHS.warehouseOrders} className={buttonClassName('primary')}>
      {t`Warehouse orders`}
    </Link>
  );
  if (loading)
    return (
      <section className="dash-card" aria-busy="true" aria-label={t`Your warehouse`}>
        <Skeleton lines={4} />
      </section>
    );
  if (warehouse === null)
    return (
      <EmptyState
        title={t`No warehouse assigned`}
        description={t`Your account is not linked to a warehouse yet. Ask an administrator to assign one.`}
      />
    );
  return (
    <section className="dash-card" aria-labelledby="dash-warehouse" data-warehouse={warehouse.id}>
      <h2 id="dash-warehouse" className="dash-card__title">{t`Your warehouse`}</h2>
      <dl className="dash-facts">
        <div>
          <dt>{t`Warehouse`}</dt>
          <dd data-field="warehouseName">{localName(warehouse.names, locale, warehouse.name)}</dd>
        </div>
        <div>
          <dt>{t`Code`}</dt>
          <dd>{warehouse.number}</dd>
        </div>
        <div>
          <dt>{t`Address`}</dt>
          <dd>
            {warehouse.city}, {warehouse.address}
          </dd>
        </div>
      </dl>
      {compact ? null : <WarehouseQueuesPanel />}
      {!compact && warehouse.pickupPoints.length > 0 ? (
        <>
          <h3 className="dash-card__subtitle">{t`Pickup points`}</h3>
          <ul className="dash-pickup-points">
            {warehouse.pickupPoints.map((point) => (
              <li key={point.id}>
                <strong>{point.name[locale]}</strong>
                <span>
                  {point.city}, {point.address}
                </span>
                <span className="dash-card__note">
                  {formatOpeningHours(point.openingHours, locale, point.workingHours)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="dash-card__actions">{ordersLink}</div>
    </section>
  );
}

/** A link into the queue with these parameters (the queue keeps its state in the address). */
const queueLink = (params: Record<string, string>): string =>
  `${PATHS.warehouseOrders}?${new URLSearchParams(params).toString()}`;

/**
 * The warehouse's queues at a glance: per tab its count and the order that has waited longest in its status
 * (highlighted past the configured limit), and today's handed-over and sent-to-1C figures; each a link into the
 * queue filtered the same way.
 */
function WarehouseQueuesPanel() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [since] = useState(() => startOfToday());
  const query = useWarehouseQueues(since);
  const data = query.data;
  if (query.isError)
    return (
      <p role="alert" className="dash-card__note">
        {t`The queues could not be loaded.`}
      </p>
    );
  if (data === undefined) return <Skeleton lines={4} />;
  const limitMs = data.ageLimitHours * 3_600_000;
  return (
    <>
      <h3 className="dash-card__subtitle">{t`Today`}</h3>
      <ul className="warehouse-home__today">
        <li>
          <Link to={queueLink({ tab: 'completed', changedSince: data.today.since })}>
            {t`Handed over today: ${formatNumber(data.today.handedOver, locale)}`}
          </Link>
        </li>
        <li>
          <Link to={queueLink({ tab: 'sent_to_1c', changedSince: data.today.since })}>
            {t`Sent to 1C today: ${formatNumber(data.today.sentTo1c, locale)}`}
          </Link>
        </li>
      </ul>
      <h3 className="dash-card__subtitle">{t`Queues`}</h3>
      <ul className="warehouse-home__queues">
        {data.queues.map((queue) => {
          const label = i18n._(WAREHOUSE_TAB_LABELS[queue.tab]);
          const oldest = queue.oldest;
          const age = oldest === null ? 0 : query.dataUpdatedAt - Date.parse(oldest.statusSince);
          return (
            <li key={queue.tab} className="warehouse-home__queue" data-tab={queue.tab}>
              <Link to={queueLink({ tab: queue.tab, sort: 'age', dir: 'desc' })}>
                {t`${label}: ${formatNumber(queue.count, locale)}`}
              </Link>
              {oldest === null ? null : (
                <span className={age > limitMs ? 'warehouse-home__oldest--late' : 'dash-card__note'}>
                  {t`Oldest: ${oldest.number}, ${formatAge(age, locale)} in this status`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
