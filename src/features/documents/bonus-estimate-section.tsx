import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useBonusEstimate } from '../../data/bonus.ts';
import { failureKind } from '../../data/failure-kind.ts';
import { formatMonth } from '../../i18n/business-format.ts';
import { formatDate, formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { StatementView } from './statement-view.tsx';

/** The section's anchor: the dashboard's "how is it computed" links here. */
export const BONUS_ESTIMATE_ANCHOR = 'bonus';

/**
 * This month's bonus so far, explained (`GET /users/bonus/current`): the plan applied to the open month's figures,
 * line by line with the orders behind each, kept current by the live stream (a `volumes` frame refreshes it).
 */
export function BonusEstimateSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const estimate = useBonusEstimate();
  const location = useLocation();
  const section = useRef<HTMLElement>(null);
  const loaded = estimate.isSuccess;
  useEffect(() => {
    // Arriving from the dashboard's link: bring the section into view once it has its height.
    if (loaded && location.hash === `#${BONUS_ESTIMATE_ANCHOR}`)
      section.current?.scrollIntoView({ block: 'start' });
  }, [loaded, location.hash]);

  let body;
  if (estimate.isPending) body = <Skeleton lines={6} />;
  else if (estimate.isError)
    body = (
      <QueryFailure
        headingLevel={3}
        kind={failureKind(estimate.error)}
        onRetry={() => void estimate.refetch()}
      />
    );
  else {
    const { period, asOf } = estimate.data;
    const month = formatMonth(estimate.data.month, locale);
    const closes = formatDate(period.end, locale);
    const when = formatDateTime(asOf, locale);
    body = (
      <>
        <p className="dash-card__note">
          {t`${month}: computed from this month's volumes by the marketing plan. The figures change with every completed order until the month closes after ${closes}.`}
        </p>
        <p className="dash-card__note" data-field="asOf">
          {t`Figures as of ${when}`}
        </p>
        <StatementView statement={estimate.data} open />
      </>
    );
  }
  return (
    <section
      ref={section}
      id={BONUS_ESTIMATE_ANCHOR}
      className="dash-card statements bonus-estimate"
      aria-labelledby="bonus-estimate-title"
      aria-busy={estimate.isFetching}
      data-section="bonus-estimate"
    >
      <h2 id="bonus-estimate-title" className="dash-card__title">
        {t`This month's bonus, explained`}
      </h2>
      {body}
    </section>
  );
}
