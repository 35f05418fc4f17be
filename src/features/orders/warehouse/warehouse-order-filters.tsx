import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import {
  DELIVERY_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { WarehouseListParams } from '#src/data/orders.ts';
import { formatDateTime, formatNumber } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATE_LABELS } from '../view/order-messages.ts';
import { activeFilterCount, hasFilters } from './warehouse-orders.params.ts';

function oneOf<T extends string>(values: readonly T[], value: string): T | undefined {
  return (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/**
 * The queue's filters: delivery or pickup, payment method, payment state, the day range the order was placed in;
 * and, when the warehouse home linked here, "in this status since". Every change goes into the address at once.
 * `controls` come before the toggle: on a phone they share its rows (warehouse-orders.css).
 */
export function WarehouseOrderFilters({
  params,
  onChange,
  controls,
}: {
  params: WarehouseListParams;
  onChange: (next: Partial<WarehouseListParams>) => void;
  controls?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const count = formatNumber(activeFilterCount(params), locale);
  return (
    <div className="warehouse-filters-disclosure" data-open={open || undefined}>
      {controls}
      {/* Below 720 px the panel is tall: it opens from this button, which says how many filters are in effect. */}
      <Button
        variant="secondary"
        className="warehouse-filters-disclosure__toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {t`Filters (${count})`}
      </Button>
      <fieldset className="warehouse-filters" id={`${id}-panel`}>
        <legend className="warehouse-filters__legend">{t`Filters`}</legend>
        <div className="warehouse-filters__field">
          <label htmlFor={`${id}-delivery`}>{t`Delivery or pickup`}</label>
          <select
            id={`${id}-delivery`}
            value={params.delivery ?? ''}
            onChange={(event) => onChange({ delivery: oneOf(DELIVERY_TYPES, event.target.value) })}
          >
            <option value="">{t`All`}</option>
            {DELIVERY_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(DELIVERY_TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        </div>
        <div className="warehouse-filters__field">
          <label htmlFor={`${id}-payment`}>{t`Payment method`}</label>
          <select
            id={`${id}-payment`}
            value={params.payment ?? ''}
            onChange={(event) => onChange({ payment: oneOf(PAYMENT_METHODS, event.target.value) })}
          >
            <option value="">{t`All`}</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {i18n._(PAYMENT_METHOD_LABELS[method])}
              </option>
            ))}
          </select>
        </div>
        <div className="warehouse-filters__field">
          <label htmlFor={`${id}-state`}>{t`Payment state`}</label>
          <select
            id={`${id}-state`}
            value={params.paymentState ?? ''}
            onChange={(event) => onChange({ paymentState: oneOf(PAYMENT_STATES, event.target.value) })}
          >
            <option value="">{t`All`}</option>
            {PAYMENT_STATES.map((state) => (
              <option key={state} value={state}>
                {i18n._(PAYMENT_STATE_LABELS[state])}
              </option>
            ))}
          </select>
        </div>
        <div className="warehouse-filters__field">
          <label htmlFor={`${id}-from`}>{t`Placed from`}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={params.from ?? ''}
            max={params.to}
            onChange={(event) =>
              onChange({ from: event.target.value === '' ? undefined : event.target.value })
            }
          />
        </div>
        <div className="warehouse-filters__field">
          <label htmlFor={`${id}-to`}>{t`Placed to`}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={params.to ?? ''}
            min={params.from}
            onChange={(event) => onChange({ to: event.target.value === '' ? undefined : event.target.value })}
          />
        </div>
        {params.changedSince === undefined ? null : (
          <p className="warehouse-filters__since">
            {t`In this status since ${formatDateTime(params.changedSince, locale)}`}
          </p>
        )}
        {hasFilters(params) ? (
          <Button
            variant="secondary"
            className="warehouse-filters__clear"
            onClick={() =>
              onChange({
                delivery: undefined,
                payment: undefined,
                paymentState: undefined,
                from: undefined,
                to: undefined,
                changedSince: undefined,
              })
            }
          >
            {t`Clear the filters`}
          </Button>
        ) : null}
      </fieldset>
    </div>
  );
}
