import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatDateTime } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import {
  selectExchangeView,
  type ExchangeOrderRef,
  type ExchangeState,
  type ExchangeViewModel,
} from '#machines/order-actions/order-actions.exchange.rules.ts';
import './exchange-status.css';

const STATE_LABELS: Record<ExchangeState, MessageDescriptor> = {
  queued: msg`Queued for 1C`,
  sent: msg`Sent to 1C, awaiting confirmation`,
  confirmed: msg`Confirmed by 1C`,
  error: msg`1C exchange failed`,
};

const SHORT_LABELS: Record<ExchangeState, MessageDescriptor> = {
  queued: msg`1C: queued`,
  sent: msg`1C: sent`,
  confirmed: msg`1C: confirmed`,
  error: msg`1C: error`,
};

const MOMENT_LABELS: Record<ExchangeViewModel['moments'][number]['kind'], MessageDescriptor> = {
  queued: msg`Queued`,
  sent: msg`Fetched by 1C`,
  confirmed: msg`Confirmed`,
};

/** The order-actions machine's 1C re-queue: whether it runs, and the event that starts it. */
export interface RequeueControl {
  pending: boolean;
  onRequeue: () => void;
}

export interface ExchangeStatusProps {
  order: ExchangeOrderRef;
  /** The viewer is staff of the order's warehouse: shows the re-queue button for a failed exchange. */
  actsAsWarehouse?: boolean;
  /** The re-queue of the page's order-actions machine (versioned, with its conflict handling). */
  requeue?: RequeueControl | undefined;
}

function RequeueButton({ pending, onRequeue }: RequeueControl) {
  return (
    <Button variant="secondary" onClick={onRequeue} disabled={pending} aria-busy={pending}>
      {pending ? <Trans>Queuing…</Trans> : <Trans>Send to 1C again</Trans>}
    </Button>
  );
}

/**
 * The order's 1C exchange: state (queued, sent, confirmed by 1C, error with the reason), 1C's document number,
 * when each step happened, and for the warehouse a button that queues a failed exchange again. Renders nothing
 * for an order that never took part in the exchange.
 */
export function ExchangeStatus({ order, actsAsWarehouse = false, requeue }: ExchangeStatusProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const titleId = useId();
  const view = selectExchangeView(order.exchange, actsAsWarehouse);
  if (view === null) return null;
  return (
    <section className="exchange-status" aria-labelledby={titleId} data-exchange-state={view.state}>
      <h2 className="exchange-status__title" id={titleId}>
        <Trans>Exchange with 1C</Trans>
      </h2>
      <p className={`exchange-status__state exchange-status__state--${view.tone}`} role="status">
        {i18n._(STATE_LABELS[view.state])}
      </p>
      {view.documentNumber === null ? null : (
        <p className="exchange-status__number">
          <Trans>1C document No. {view.documentNumber}</Trans>
        </p>
      )}
      {view.error === null ? null : (
        <p className="exchange-status__reason">
          <Trans>Reason: {view.error}</Trans>
        </p>
      )}
      {view.moments.length === 0 ? null : (
        <dl className="exchange-status__moments">
          {view.moments.map((moment) => (
            <div key={moment.kind} className="exchange-status__moment">
              <dt>{i18n._(MOMENT_LABELS[moment.kind])}</dt>
              <dd>
                <time dateTime={moment.at}>{formatDateTime(moment.at, locale)}</time>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {view.canRequeue && requeue !== undefined ? (
        <div className="exchange-status__actions">
          <RequeueButton pending={requeue.pending} onRequeue={requeue.onRequeue} />
        </div>
      ) : null}
    </section>
  );
}

/** A one-line exchange state for list rows ("1C: confirmed · РН-000123"); nothing outside the exchange. */
export function ExchangeBadge({ exchange }: { exchange: ExchangeOrderRef['exchange'] }) {
  const { i18n } = useLingui();
  const view = selectExchangeView(exchange, false);
  if (view === null) return null;
  return (
    <span className={`exchange-badge exchange-badge--${view.tone}`} data-exchange-state={view.state}>
      {i18n._(SHORT_LABELS[view.state])}
      {view.documentNumber === null ? null : ` · ${view.documentNumber}`}
    </span>
  );
}
