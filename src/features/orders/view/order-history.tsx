import { useLingui } from '@lingui/react/macro';
import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import { formatDateTime } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { HISTORY_EVENT_LABELS, STATUS_LABELS } from './order-messages.ts';

/** The order's history as a timeline, newest first: who, when, the step, the status change, comment and lines. */
export function OrderHistory({ order }: { order: ApiOrder }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const productName = (lineId: number) =>
    order.lines.find((line) => line.id === lineId)?.name[locale] ?? t`Line ${lineId}`;
  const entries = [...order.history].reverse();
  return (
    <section className="order-card" aria-labelledby="order-history-title">
      <h2 id="order-history-title" className="order-card__title">{t`History`}</h2>
      {entries.length === 0 ? (
        <p className="order-fields__hint">{t`No history yet.`}</p>
      ) : (
        <ol className="order-timeline">
          {entries.map((entry) => {
            const label = HISTORY_EVENT_LABELS[entry.event];
            return (
              <li key={entry.id} className="order-timeline__item" data-event={entry.event}>
                <p className="order-timeline__head">
                  <strong>{label ? i18n._(label) : entry.event}</strong>{' '}
                  <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
                </p>
                <p className="order-timeline__meta">
                  {entry.actor === null ? t`System` : entry.actor.fullName}
                  {entry.from !== null && entry.from !== entry.to
                    ? ` · ${i18n._(STATUS_LABELS[entry.from])} → ${i18n._(STATUS_LABELS[entry.to])}`
                    : entry.from === null
                      ? ` · ${i18n._(STATUS_LABELS[entry.to])}`
                      : ''}
                </p>
                {/* A person's own words; the system's entries say it all with the event's label. */}
                {entry.comment === null || entry.actor === null ? null : (
                  <blockquote className="order-timeline__comment">{entry.comment}</blockquote>
                )}
                {entry.changedLines.length === 0 ? null : (
                  <ul className="order-timeline__lines">
                    {entry.changedLines.map((change) => (
                      <li key={change.lineId}>
                        {t`${productName(change.lineId)}: ${change.from} → ${change.to}`}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
