import { Trans, useLingui } from '@lingui/react/macro';
import { evaluateThresholds } from '#machines/checkout/checkout.pickup-threshold.rules.ts';
import type { CartTotals } from '#src/data/bag.ts';
import type { MyInfo } from '#src/data/business.ts';
import { formatMoney, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Skeleton } from '#src/ui/spinner.tsx';

export function BagTotals({ totals, currency }: { totals: CartTotals; currency: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <section className="bag-card" aria-labelledby="bag-totals-title">
      <h2 id="bag-totals-title" className="bag-card__title">
        {t`Total`}
      </h2>
      <dl className="bag-totals">
        <div>
          <dt>{t`Items`}</dt>
          <dd>{totals.itemCount}</dd>
        </div>
        <div>
          <dt>{t`Amount`}</dt>
          <dd>{formatMoney(totals.amount, currency, locale)}</dd>
        </div>
        <div>
          <dt>{t`Discount`}</dt>
          <dd>{formatMoney(totals.discount, currency, locale)}</dd>
        </div>
        <div>
          <dt>{t`Points`}</dt>
          <dd>{`${formatPoints(totals.points, locale)} ${t`PV`}`}</dd>
        </div>
        <div className="bag-totals__final">
          <dt>{t`Final cost`}</dt>
          <dd data-testid="bag-final-cost">{formatMoney(totals.finalCost, currency, locale)}</dd>
        </div>
      </dl>
      <p className="bag-card__note">{t`Delivery, if chosen, is added at checkout.`}</p>
    </section>
  );
}

export interface VolumeEffectProps {
  bagPoints: number;
  myInfo: MyInfo | undefined;
  loading: boolean;
  failed: boolean;
}

/**
 * The bag's effect on the distributor's personal volume this period, and the pickup threshold labels of spec
 * section 9 with this bag (distributors only: they are the roles with volumes).
 */
export function VolumeEffect({ bagPoints, myInfo, loading, failed }: VolumeEffectProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const pv = (value: number) => formatPoints(value, locale);
  let body;
  if (loading) {
    body = <Skeleton lines={3} />;
  } else if (failed || myInfo === undefined) {
    body = <p className="bag-card__note">{t`Your volumes could not be loaded; the bag is not affected.`}</p>;
  } else {
    const status = evaluateThresholds(myInfo.volumes.pv, bagPoints, myInfo.pickupThresholds.minPv);
    const missing = pv(status.missingPv);
    const minPv = pv(status.minPv);
    body = (
      <>
        <dl className="bag-totals">
          <div>
            <dt>{t`PV this period`}</dt>
            <dd>{`${pv(status.currentPv)} ${t`PV`}`}</dd>
          </div>
          <div>
            <dt>{t`This bag adds`}</dt>
            <dd>{`+${pv(status.bagPv)} ${t`PV`}`}</dd>
          </div>
          <div className="bag-totals__final">
            <dt>{t`PV after this order`}</dt>
            <dd data-testid="pv-after">{`${pv(status.pvAfter)} ${t`PV`}`}</dd>
          </div>
        </dl>
        <h3 className="bag-card__subtitle">{t`Pickup thresholds`}</h3>
        <ul className="thresholds">
          <li className="threshold" data-met={status.pvPositive}>
            <span className="threshold__mark" aria-hidden="true">
              {status.pvPositive ? '✓' : '•'}
            </span>
            <span>
              {t`PV greater than 0`}
              <span className="visually-hidden">: {status.pvPositive ? t`reached` : t`not reached`}</span>
              <span className="threshold__hint">{t`The period counts as an ordering period.`}</span>
            </span>
          </li>
          <li className="threshold" data-met={status.pvAtLeastMin}>
            <span className="threshold__mark" aria-hidden="true">
              {status.pvAtLeastMin ? '✓' : '•'}
            </span>
            <span>
              {t`PV at least ${minPv} points for active and qualified distributors`}
              <span className="visually-hidden">: {status.pvAtLeastMin ? t`reached` : t`not reached`}</span>
              <span className="threshold__hint">
                {status.pvAtLeastMin ? (
                  status.wasActive ? (
                    t`You are already active this period.`
                  ) : (
                    t`This order makes you active this period.`
                  )
                ) : (
                  <Trans>{missing} PV more this period to be active and keep your bonus.</Trans>
                )}
              </span>
            </span>
          </li>
        </ul>
      </>
    );
  }
  return (
    <section className="bag-card" aria-labelledby="bag-volume-title" data-testid="volume-effect">
      <h2 id="bag-volume-title" className="bag-card__title">
        {t`Your volume this period`}
      </h2>
      {body}
    </section>
  );
}
