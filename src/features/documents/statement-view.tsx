import { useLingui } from '@lingui/react/macro';
import { Fragment, useId, useState } from 'react';
import { type BonusSource, type StatementAdjustment, useBonusSources } from '../../data/bonus.ts';
import { failureKind } from '../../data/failure-kind.ts';
import type { Statement, StatementLine } from '../../data/statements.ts';
import { formatMonth, RANK_NAMES } from '../../i18n/business-format.ts';
import { formatDate, formatMoney, formatNumber, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/spinner.tsx';

const percentOf = (value: number, locale: string) =>
  formatNumber(value / 100, locale, { style: 'percent', maximumFractionDigits: 2 });

/** Points with a sign: what a source adds (+) or takes back (−). */
const signedPoints = (value: number, locale: string) =>
  formatNumber(value, locale, {
    signDisplay: 'exceptZero',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

function LineName({ line }: { line: StatementLine }) {
  const { t } = useLingui();
  const name = line.member?.fullName ?? '';
  if (line.kind === 'personal') return <>{t`Personal: own PV`}</>;
  if (line.kind === 'differential') return <>{t`Differential: leg of ${name}`}</>;
  return <>{t`Leadership: breakaway leg of ${name}`}</>;
}

function SourceItem({ source }: { source: BonusSource }) {
  const { t } = useLingui();
  const locale = useLocale();
  const month = formatMonth(source.creditedMonth, locale);
  const number = source.order.number;
  const level = source.level;
  const date = formatDate(source.at, locale);
  const points = signedPoints(source.points, locale);
  const kind =
    source.kind === 'credit'
      ? t`completed`
      : source.kind === 'reversal'
        ? t`taken back`
        : t`taken back from ${month}`;
  return (
    <li className="bonus-source" data-source={source.kind} data-order={source.order.id}>
      <span className="bonus-source__order">
        {t`Order ${number}`} · {source.member.fullName}
      </span>
      <span className="bonus-source__meta">
        {level === 0 ? t`own order` : t`level ${level}`} · {kind} · {date}
      </span>
      <span className="bonus-source__points tabular-figure">{t`${points} PV`}</span>
    </li>
  );
}

/** The orders behind one line, a page at a time. */
function LineSources({ month, line, id }: { month: string; line: StatementLine; id: string }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const sources = useBonusSources(month, line.member?.id ?? null, page);
  if (sources.isPending) return <Skeleton lines={2} />;
  if (sources.isError)
    return (
      <QueryFailure
        headingLevel={3}
        kind={failureKind(sources.error)}
        onRetry={() => void sources.refetch()}
      />
    );
  const { items, total, pageSize } = sources.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="bonus-sources" id={id}>
      {items.length === 0 ? (
        <p className="dash-card__note">{t`No orders in this line yet.`}</p>
      ) : (
        <ul className="bonus-sources__list" aria-busy={sources.isPlaceholderData}>
          {items.map((source, index) => (
            <SourceItem key={`${source.order.id}-${source.kind}-${index}`} source={source} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <div className="bonus-sources__pager">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t`Newer`}
          </Button>
          <span>{t`Page ${page} of ${pages}`}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t`Older`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function LineRow({
  month,
  line,
  money,
}: {
  month: string;
  line: StatementLine;
  money: (minor: number) => string;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const sourcesId = useId();
  const columns = { base: t`Base, points`, percent: t`Percent`, points: t`Points`, amount: t`Amount` };
  return (
    <Fragment>
      <tr data-line={line.kind} data-member={line.member?.id ?? ''}>
        <th scope="row" className="statement__line-name">
          <LineName line={line} />
          <Button
            variant="secondary"
            className="statement__sources-toggle"
            aria-expanded={open}
            aria-controls={open ? sourcesId : undefined}
            data-action="line-sources"
            onClick={() => setOpen(!open)}
          >
            {open ? t`Hide the orders` : t`Show the orders`}
          </Button>
        </th>
        <td className="num" data-label={columns.base}>
          {formatPoints(line.base, locale)}
        </td>
        <td className="num" data-label={columns.percent}>
          {percentOf(line.percent, locale)}
        </td>
        <td className="num" data-label={columns.points}>
          {formatPoints(line.points, locale)}
        </td>
        <td className="num" data-label={columns.amount}>
          {money(line.amount)}
        </td>
      </tr>
      {open ? (
        <tr className="statement__sources-row">
          <td colSpan={5}>
            <LineSources month={month} line={line} id={sourcesId} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

function Adjustments({ adjustments }: { adjustments: readonly StatementAdjustment[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  if (adjustments.length === 0) return null;
  return (
    <div className="statement__adjustments" data-field="adjustments">
      <h3 className="statement__subtitle">{t`Volume taken back this month`}</h3>
      <ul className="bonus-sources__list">
        {adjustments.map((row) => {
          const month = formatMonth(row.creditedMonth, locale);
          const number = row.order.number;
          const date = formatDate(row.at, locale);
          const points = signedPoints(row.points, locale);
          return (
            <li key={`${row.order.id}-${row.at}`} className="bonus-source" data-order={row.order.id}>
              <span className="bonus-source__order">
                {t`Order ${number}`} · {row.member.fullName}
              </span>
              <span className="bonus-source__meta">{t`credited in ${month}, taken back on ${date}`}</span>
              <span className="bonus-source__points tabular-figure">{t`${points} PV`}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A month's bonus: paid-as rank, volumes, each line with the orders behind it, adjustments and the total. */
export function StatementView({ statement, open = false }: { statement: Statement; open?: boolean }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, statement.currency, locale);
  const rank = i18n._(RANK_NAMES[statement.rank]);
  const rankPercent = percentOf(statement.rankPercent, locale);
  const point = money(statement.pointValue);
  const threshold = formatPoints(statement.activePv, locale);
  const volumes = [
    { key: 'pv', name: t`Personal volume (PV)` },
    { key: 'gv', name: t`Group volume (GV)` },
    { key: 'pgv', name: t`Personal group volume (PGV)` },
    { key: 'cgv', name: t`Cumulative group volume (CGV)` },
  ] as const;
  const columns = { base: t`Base, points`, percent: t`Percent`, points: t`Points`, amount: t`Amount` };
  return (
    <div className="statement" data-statement={statement.month}>
      <dl className="dash-facts">
        <div>
          <dt>{open ? t`Rank so far` : t`Paid-as rank`}</dt>
          <dd data-field="rank">
            {rank} ({rankPercent})
          </dd>
        </div>
        {volumes.map((volume) => (
          <div key={volume.key}>
            <dt>{volume.name}</dt>
            <dd className="tabular-figure" data-field={volume.key}>
              {formatPoints(statement.volumes[volume.key], locale)}
            </dd>
          </div>
        ))}
      </dl>
      {statement.active ? (
        <div className="table-scroll">
          <table className="data-table data-table--stack" data-table="statement-lines">
            <caption>{t`Bonuses and how they are computed`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Bonus`}</th>
                <th scope="col" className="num">
                  {columns.base}
                </th>
                <th scope="col" className="num">
                  {columns.percent}
                </th>
                <th scope="col" className="num">
                  {columns.points}
                </th>
                <th scope="col" className="num">
                  {columns.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.lines.map((line) => (
                <LineRow
                  key={`${line.kind}-${line.member?.id ?? 0}`}
                  month={statement.month}
                  line={line}
                  money={money}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="dash-card__note">
          {open
            ? t`Not active yet this month (PV below ${threshold}): the bonus starts at ${threshold} PV.`
            : t`The month was not active (PV below ${threshold}): no bonus is paid.`}
        </p>
      )}
      <Adjustments adjustments={statement.adjustments} />
      <p className="statement__total">
        {open ? t`Bonus so far` : t`Bonus for the month`}:{' '}
        <strong data-field="total">{money(statement.total)}</strong>
      </p>
      <p className="dash-card__note">
        {t`Marketing plan: the paid-as rank earns ${rankPercent} of its own PV and the difference of percents on each first-line leg's PGV; a breakaway leader earns 5 % of each breakaway leg's PGV. One point is worth ${point}.`}
      </p>
    </div>
  );
}
