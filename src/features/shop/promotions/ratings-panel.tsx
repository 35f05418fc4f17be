import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatDate, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Skeleton } from '#src/ui/spinner.tsx';
import { QueryError } from '../catalogue/query-error.tsx';
import { useRatings, type RatingEntry } from '#src/data/business.ts';
import { RANK_NAMES } from '#src/i18n/labels/ranks.ts';

function RatingRow({ entry }: { entry: RatingEntry }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <tr className={entry.isMe ? 'ratings__row ratings__row--me' : 'ratings__row'}>
      <td className="ratings__place">{entry.place}</td>
      <th scope="row" className="ratings__name">
        {entry.fullName}
        {entry.isMe ? <span className="ratings__you"> {t`(you)`}</span> : null}
        <span className="ratings__rank">{i18n._(RANK_NAMES[entry.rank])}</span>
      </th>
      <td className="ratings__pv">{formatPoints(entry.pv, locale)}</td>
    </tr>
  );
}

/**
 * The period's leading distributors of the caller's network by personal volume (PV), and the caller's own place
 * (`GET /goods/ratings`). Only for distributors: the page decides by role whether to show it.
 */
export function RatingsPanel() {
  const { t } = useLingui();
  const locale = useLocale();
  const headingId = useId();
  const ratings = useRatings({ enabled: true });

  let body;
  if (ratings.isPending) {
    body = (
      <>
        <p className="visually-hidden" role="status">
          {t`Loading the ratings…`}
        </p>
        <Skeleton lines={6} />
      </>
    );
  } else if (ratings.isError) {
    body = (
      <QueryError
        title={t`The ratings could not be loaded.`}
        error={ratings.error}
        onRetry={() => void ratings.refetch()}
      />
    );
  } else {
    const data = ratings.data;
    const start = formatDate(data.period.start, locale);
    const end = formatDate(data.period.end, locale);
    const daysLeft = data.period.daysLeft;
    const myPlace = data.me.place;
    const myPv = formatPoints(data.me.pv, locale);
    const meListed = data.items.some((entry) => entry.isMe);
    body = (
      <>
        <p className="ratings__period">
          {t`Period ${start} – ${end}`}
          <br />
          {t`Days left: ${daysLeft}`}
        </p>
        <p className="ratings__mine">
          <span className="ratings__mine-place">{t`Your place: ${myPlace}`}</span>
          <span className="ratings__mine-pv">{t`Your PV: ${myPv}`}</span>
        </p>
        {data.items.length === 0 ? (
          <p className="ratings__empty">{t`Nobody in your network has personal volume this period yet.`}</p>
        ) : (
          <table className="ratings__table">
            <caption className="visually-hidden">{t`Leaders of your network by personal volume (PV)`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Place`}</th>
                <th scope="col">{t`Distributor`}</th>
                <th scope="col">{t`Points (PV)`}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry) => (
                <RatingRow key={entry.id} entry={entry} />
              ))}
              {meListed ? null : (
                <>
                  <tr className="ratings__gap" aria-hidden="true">
                    <td colSpan={3}>…</td>
                  </tr>
                  <RatingRow entry={data.me} />
                </>
              )}
            </tbody>
          </table>
        )}
      </>
    );
  }

  return (
    <section className="ratings" aria-labelledby={headingId}>
      <h2 id={headingId} className="ratings__title">
        {t`Ratings`}
      </h2>
      <p className="ratings__subtitle">{t`The leading distributors of your network by personal volume (PV) this period.`}</p>
      {body}
    </section>
  );
}
