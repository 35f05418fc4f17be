import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WarehouseTab } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { formatNumber } from '../format.ts';

/** The warehouse tabs as the order queue, the order screens and the warehouse home name them. */
export const WAREHOUSE_TAB_LABELS: Record<WarehouseTab, MessageDescriptor> = {
  new: msg`New`,
  in_progress: msg`In progress`,
  awaiting_distributor: msg`Awaiting distributor`,
  ready: msg`Ready`,
  delivery: msg`Delivery`,
  completed: msg`Completed`,
  sent_to_1c: msg`Sent to 1C`,
  rejected: msg`Rejected`,
};

/** Time in the current status, in the largest whole unit that reads well: minutes, hours, then days (`Intl`). */
export function formatAge(ms: number, locale: string): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const unit = (value: number, name: 'minute' | 'hour' | 'day') =>
    formatNumber(value, locale, { style: 'unit', unit: name, unitDisplay: 'short' });
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  return unit(Math.floor(hours / 24), 'day');
}
