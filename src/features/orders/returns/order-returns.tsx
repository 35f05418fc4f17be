import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiOrder, ViewerRole } from '#machines/order-actions/order-actions.types.ts';
import type { ApiReturn, ApiReturnList } from '#machines/return-actions/return-actions.types.ts';
import { isReturnableStatus } from '#machines/returns/returns.policy.rules.ts';
import { useReturnActions, useReturnRequest } from '#src/data/return-actions.actors.ts';
import { useOrderReturns } from '#src/data/returns.ts';
import { Button, buttonClassName } from '#src/ui/button.tsx';
import { PATHS, pathTo } from '#src/ui/paths.ts';
import { showSuccessToast } from '#src/ui/toast.ts';
import { ReturnActionsBar } from './return-actions-bar.tsx';
import { ReturnDetails } from './return-details.tsx';
import { ReturnRequestDialog } from './return-request-dialog.tsx';
import './returns.css';

/**
 * The order page's returns: the distributor's "Return goods" (while the policy allows one) and every return of the
 * order with its lines, refund and history; the distributor cancels a requested one, staff open its page.
 */
export function OrderReturns({ order, viewer }: { order: ApiOrder; viewer: ViewerRole }) {
  const { t } = useLingui();
  // Only a received order can have returns (the policy's credited states): no request for the others.
  const possible = isReturnableStatus(order.status);
  const query = useOrderReturns(order.id, order.version, possible);
  if (!possible || query.data === undefined) return null;
  const list = query.data;
  if (viewer !== 'distributor' && list.items.length === 0) return null;
  return (
    <section
      className="order-card order-returns"
      aria-labelledby="order-returns-title"
      data-returnable={list.returnable}
    >
      <h2 id="order-returns-title" className="order-card__title" tabIndex={-1}>
        {t`Returns`}
      </h2>
      {viewer === 'distributor' ? <RequestReturn order={order} list={list} /> : null}
      {list.items.length === 0 ? null : (
        <ul className="order-returns__list">
          {list.items.map((ret) => (
            <li key={ret.id} className="order-returns__item">
              {viewer === 'distributor' ? (
                <DistributorReturn ret={ret} />
              ) : (
                <>
                  <ReturnDetails ret={ret} />
                  <Link
                    className={buttonClassName('secondary')}
                    to={pathTo(PATHS.warehouseReturn, { returnId: ret.id })}
                  >
                    {t`Open return ${ret.number}`}
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestReturn({ order, list }: { order: ApiOrder; list: ApiReturnList }) {
  const { t } = useLingui();
  const [view, send] = useReturnRequest(order, list);
  const seen = useRef(view.changes);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (view.changes === seen.current || view.created === null) return;
    seen.current = view.changes;
    const text = t`Return ${view.created.number} requested: bring or send the goods to the warehouse.`;
    showSuccessToast(text);
    setAnnounced(text);
    document.getElementById('order-returns-title')?.focus();
  }, [view.changes, view.created, t]);
  return (
    <>
      {list.returnable ? (
        <Button
          variant="secondary"
          onClick={() => send({ type: 'request.open' })}
          data-action="return.request"
        >
          {t`Return goods`}
        </Button>
      ) : (
        <p className="order-fields__hint">
          {t`Nothing of this order can be returned now.`} <Link to={PATHS.terms}>{t`The return policy`}</Link>
        </p>
      )}
      {view.open ? (
        <ReturnRequestDialog orderNumber={order.number} currency={order.currency} view={view} send={send} />
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced}
      </p>
    </>
  );
}

function DistributorReturn({ ret }: { ret: ApiReturn }) {
  const [view, send] = useReturnActions(ret, 'distributor');
  return (
    <>
      <ReturnDetails ret={view.ret} />
      <ReturnActionsBar view={view} send={send} />
    </>
  );
}
