import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { orderBulkMachine } from '#machines/order-bulk/order-bulk.machine.ts';
import {
  selectBulkError,
  selectEligibleCounts,
  selectResults,
  selectSelectedCount,
  selectSelectedOrderIds,
  selectSubmitting,
} from '#machines/order-bulk/order-bulk.selectors.ts';
import {
  BULK_ACTIONS,
  type BulkAction,
  type BulkOutcomeKind,
} from '#machines/order-bulk/order-bulk.types.ts';
import { formatNumber } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import { OrderPrintButtons } from '../print/order-print-buttons.tsx';

type BulkActor = Actor<typeof orderBulkMachine>;

const ACTION_LABELS: Record<BulkAction, MessageDescriptor> = {
  check: msg`Start checking`,
  confirm: msg`Confirm`,
  ready: msg`Mark ready`,
  send_to_1c: msg`Send to 1C`,
};

const OUTCOME_LABELS: Record<BulkOutcomeKind, MessageDescriptor> = {
  done: msg`Done`,
  changed: msg`Changed by someone else`,
  not_allowed: msg`Not allowed now`,
  not_found: msg`Not found`,
};

/**
 * The bulk bar: how many orders are selected, each action with how many of them it can move now (the lifecycle's
 * rules; the server decides again per order, stock included), the selection's pick list and packing slips, and
 * clearing. Sticky at the bottom of the screen, within reach of the thumb on a phone.
 */
export function WarehouseBulkBar({ actor }: { actor: BulkActor }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const count = useSelector(actor, selectSelectedCount);
  const eligible = useSelector(actor, selectEligibleCounts);
  const submitting = useSelector(actor, selectSubmitting);
  const ids = useSelector(actor, selectSelectedOrderIds);
  if (count === 0) return null;
  return (
    <section className="warehouse-bulk" aria-label={t`Selected orders`}>
      <p className="warehouse-bulk__count" aria-live="polite">
        {t({ message: plural(count, { one: '# order selected', other: '# orders selected' }) })}
      </p>
      <div className="warehouse-bulk__actions" role="group" aria-label={t`Actions on the selected orders`}>
        {BULK_ACTIONS.map((action) => (
          <Button
            key={action}
            variant={action === 'confirm' ? 'primary' : 'secondary'}
            disabled={submitting || eligible[action] === 0}
            onClick={() => actor.send({ type: 'bulk.submit', action })}
          >
            {`${i18n._(ACTION_LABELS[action])} (${formatNumber(eligible[action], locale)})`}
          </Button>
        ))}
      </div>
      <OrderPrintButtons orderIds={ids} label={t`Print the selected orders`} />
      <Button
        variant="secondary"
        disabled={submitting}
        onClick={() => actor.send({ type: 'selection.clear' })}
      >
        {t`Clear the selection`}
      </Button>
    </section>
  );
}

/** The last bulk action's outcome per order, successes first counted; stays until dismissed. */
export function WarehouseBulkResults({ actor }: { actor: BulkActor }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const results = useSelector(actor, selectResults);
  const error = useSelector(actor, selectBulkError);
  const submitting = useSelector(actor, selectSubmitting);
  if (submitting) {
    return (
      <p className="warehouse-bulk-results" role="status">
        {t`Working through the selected orders…`}
      </p>
    );
  }
  if (error !== null) {
    return (
      <div className="warehouse-bulk-results warehouse-bulk-results--error" role="alert">
        <p>{t`The action could not be sent. Nothing was changed; check the connection and try again.`}</p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'results.dismiss' })}>
          {t`Dismiss`}
        </Button>
      </div>
    );
  }
  if (results === null) return null;
  const action = i18n._(ACTION_LABELS[results.action]);
  const summary = (Object.keys(results.counts) as BulkOutcomeKind[])
    .filter((kind) => results.counts[kind] > 0)
    .map((kind) => `${i18n._(OUTCOME_LABELS[kind])}: ${formatNumber(results.counts[kind], locale)}`)
    .join(' · ');
  return (
    <section className="warehouse-bulk-results" aria-labelledby="warehouse-bulk-results-title">
      <h2 id="warehouse-bulk-results-title" className="warehouse-bulk-results__title">
        {t`Result: ${action}`}
      </h2>
      <p role="status">{summary}</p>
      <ul className="warehouse-bulk-results__list">
        {results.rows.map((row) => (
          <li key={row.id} data-outcome={row.outcome}>
            <strong>{row.number}</strong> — {i18n._(OUTCOME_LABELS[row.outcome])}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => actor.send({ type: 'results.dismiss' })}>
        {t`Dismiss`}
      </Button>
    </section>
  );
}
