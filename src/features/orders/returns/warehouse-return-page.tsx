import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import type { ApiReturn } from '#machines/return-actions/return-actions.types.ts';
import { useReturnActions } from '#src/data/return-actions.actors.ts';
import { useReturnQuery } from '#src/data/returns.ts';
import { buttonClassName } from '#src/ui/button.tsx';
import { PageHeader } from '#src/ui/page-header.tsx';
import { PATHS, pathTo } from '#src/ui/paths.ts';
import { Skeleton, Spinner } from '#src/ui/spinner.tsx';
import { ReturnActionsBar } from './return-actions-bar.tsx';
import { ReturnDetails } from './return-details.tsx';
import '../view/order-view.css';
import './returns.css';

/** The returns tab of the warehouse queue (`?tab=returns`). */
export const WAREHOUSE_RETURNS_TAB = `${PATHS.warehouseOrders}?tab=returns`;

/**
 * `/my-orders-warehouse/returns/:returnId`: a return of the caller's warehouse with the customer, its order, and
 * the warehouse's steps (receive, accept, refuse). A 404 becomes the route's 'Not Found'.
 */
export default function WarehouseReturnPage() {
  const { t } = useLingui();
  const { returnId = '' } = useParams();
  const query = useReturnQuery(Number(returnId));
  const back = (
    <Link to={WAREHOUSE_RETURNS_TAB} className={buttonClassName('secondary')}>
      {t`Back to returns`}
    </Link>
  );
  if (query.data === undefined && query.isError) throw query.error;
  if (query.data === undefined) {
    return (
      <>
        <PageHeader title={t`Return`} actions={back} />
        <div aria-busy="true">
          <Spinner label={t`Loading the return…`} />
          <Skeleton lines={6} />
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t`Return ${query.data.number}`} actions={back} />
      <StaffReturn key={query.data.id} ret={query.data} />
    </>
  );
}

function StaffReturn({ ret: loaded }: { ret: ApiReturn }) {
  const { t } = useLingui();
  const [view, send] = useReturnActions(loaded, 'warehouse');
  const ret = view.ret;
  return (
    <div className="order-detail" data-return-status={ret.status} data-return-version={ret.version}>
      <section className="order-card" aria-labelledby="return-customer-title">
        <h2 id="return-customer-title" className="order-card__title">
          {t`Customer and order`}
        </h2>
        <p>
          {ret.customer.fullName}
          {ret.customer.prn === null ? null : ` · ${ret.customer.prn}`} ·{' '}
          <Link to={pathTo(PATHS.warehouseOrder, { id: ret.orderId })}>{t`Order ${ret.orderNumber}`}</Link>
        </p>
      </section>
      <section className="order-card" aria-label={t`Return ${ret.number}`}>
        <ReturnDetails ret={ret} headingLevel={2} />
        <ReturnActionsBar view={view} send={send} />
      </section>
    </div>
  );
}
