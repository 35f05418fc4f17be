import { useLingui } from '@lingui/react/macro';
import { formatOpeningHours, localName } from '../../i18n/opening-hours.ts';
import { Link } from 'react-router-dom';
import { selectIsWarehouseLoading, selectWarehouse } from '../../../machines/auth/auth.selectors.ts';
import { useAuthSelector } from '../../data/auth-context.tsx';
import { PATHS } from '../../ui/paths.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Skeleton } from '../../ui/spinner.tsx';

export interface WarehouseCardProps {
  /** Inside a distributor's dashboard the card is one among others (`h2`, compact). */
  compact?: boolean;
}

/**
 * The warehouse of warehouse staff (the auth machine's `GET /users/my-warehouse`) and the way to its orders. A
 * warehouse-only account lands on /dashboard and sees this instead of a distributor's figures.
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
      <section className="dash-card dash-card--wide" aria-busy="true" aria-label={t`Your warehouse`}>
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
    <section
      className={`dash-card ${compact ? 'dash-card--wide' : 'dash-card--full'}`}
      aria-labelledby="dash-warehouse"
      data-warehouse={warehouse.id}
    >
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
