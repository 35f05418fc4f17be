import { useLingui } from '@lingui/react/macro';
import { formatMoney, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { formatMonth } from '../../i18n/business-format.ts';
import type { ClosedStats } from '../../data/business.ts';

/** The charts' figures as a table: for people who prefer numbers, and for screen readers. */
export function ClosedStatsTable({ stats }: { stats: ClosedStats }) {
  const { t } = useLingui();
  const locale = useLocale();
  const bonus = t`Bonus`;
  return (
    <div
      className="table-scroll"
      role="region"
      aria-labelledby="closed-stats-caption"
      // A keyboard user can scroll the table sideways on a narrow screen.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="data-table data-table--stack" data-table="closed-stats">
        <caption id="closed-stats-caption">{t`Volumes and bonuses of the last 6 closed months`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Month`}</th>
            <th scope="col" className="num">
              <abbr title={t`Personal volume`}>PV</abbr>
            </th>
            <th scope="col" className="num">
              <abbr title={t`Group volume`}>GV</abbr>
            </th>
            <th scope="col" className="num">
              <abbr title={t`Personal group volume`}>PGV</abbr>
            </th>
            <th scope="col" className="num">
              <abbr title={t`Cumulative group volume`}>CGV</abbr>
            </th>
            <th scope="col" className="num">
              {bonus}
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.months.map((month) => (
            <tr key={month.month} data-month={month.month}>
              <th scope="row">{formatMonth(month.month, locale)}</th>
              <td className="num" data-field="pv" data-label="PV">
                {formatPoints(month.pv, locale)}
              </td>
              <td className="num" data-field="gv" data-label="GV">
                {formatPoints(month.gv, locale)}
              </td>
              <td className="num" data-field="pgv" data-label="PGV">
                {formatPoints(month.pgv, locale)}
              </td>
              <td className="num" data-field="cgv" data-label="CGV">
                {formatPoints(month.cgv, locale)}
              </td>
              <td className="num" data-field="bonus" data-label={bonus}>
                {formatMoney(month.bonus, stats.currency, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
