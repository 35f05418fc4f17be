import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { ViewerRole } from '#machines/order-actions/order-actions.types.ts';
import { useOrderExtras } from '#src/data/order-extras.actors.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import { PATHS } from '#src/ui/paths.ts';

/**
 * "Buy again" (the distributor's: the order's lines go into the bag; what is no longer available is said) and the
 * receipt PDF in the reader's language, both through the order-extras machine.
 */
export function OrderExtras({ orderId, viewer }: { orderId: number; viewer: ViewerRole }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [view, send] = useOrderExtras(orderId);
  const result = view.result;
  const added = result?.lines.filter((line) => line.added > 0).length ?? 0;
  return (
    <section className="order-card order-extras" aria-labelledby="order-extras-title">
      <h2 id="order-extras-title" className="order-card__title">{t`Documents and reorder`}</h2>
      <div className="order-actions__buttons">
        {viewer === 'distributor' ? (
          <Button
            variant="secondary"
            disabled={view.buying}
            aria-busy={view.buying}
            onClick={() => send({ type: 'rebuy.start' })}
          >
            {t`Buy again`}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          disabled={view.fetchingReceipt}
          aria-busy={view.fetchingReceipt}
          onClick={() => send({ type: 'receipt.get', lang: locale })}
        >
          {t`Download the receipt (PDF)`}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="order-extras__result">
        {result === null ? null : (
          <>
            <p>
              {added === 0
                ? t`Nothing could be put into the bag: the products are no longer available.`
                : t`Products put into the bag: ${added} of ${result.lines.length}.`}{' '}
              <Link to={PATHS.shoppingBag}>{t`Open the bag`}</Link>
            </p>
            {view.shortfall.length === 0 ? null : (
              <ul className="order-extras__shortfall">
                {view.shortfall.map((line) => (
                  <li key={line.productId} data-product-id={line.productId}>
                    {line.added === 0
                      ? t`No longer available: ${line.name[locale]}`
                      : t`Only ${line.added} of ${line.requested} available: ${line.name[locale]}`}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {view.failed === null ? null : (
          <p className="order-form__error">
            {view.failed === 'rebuy'
              ? t`The products could not be put into the bag. Please try again.`
              : t`The receipt could not be downloaded. Please try again.`}
          </p>
        )}
      </div>
    </section>
  );
}
