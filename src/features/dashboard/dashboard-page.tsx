import { useLingui } from '@lingui/react/macro';
import { selectIsDistributor, selectIsWarehouseStaff } from '#machines/auth/auth.selectors.ts';
import { useAuthSelector } from '../../session/auth-context.tsx';
import { CardGrid } from '../../ui/card-grid.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { DistributorDashboard } from './distributor-dashboard.tsx';
import { WarehouseCard } from './warehouse-home.tsx';
import './dashboard.css';

/**
 * Main (`/dashboard`). Distributors see the figures of the current period; warehouse-only staff, who land here too,
 * see their warehouse and the way to its orders (the distributor calls are not theirs). A USER never gets here
 * (the route sends them to /personal).
 */
export default function DashboardPage() {
  const { t } = useLingui();
  const distributor = useAuthSelector(selectIsDistributor);
  const warehouseStaff = useAuthSelector(selectIsWarehouseStaff);
  return (
    <>
      <PageHeader
        title={t`Main`}
        subtitle={distributor ? t`Your business in the current period` : t`Your workplace`}
      />
      {distributor ? <DistributorDashboard /> : null}
      {warehouseStaff ? (
        <CardGrid>
          <WarehouseCard compact={distributor} />
        </CardGrid>
      ) : null}
    </>
  );
}
