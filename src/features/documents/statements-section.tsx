import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { selectFileError } from '#machines/downloads/file-download.selectors.ts';
import { formatMoney, formatNumber, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { formatMonth, RANK_NAMES } from '../../i18n/business-format.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { type Statement, type StatementLine, useStatement, useStatements } from '../../data/statements.ts';
import { selectFetchingMonth, selectSavedMonth, useStatementFile } from './statements.actors.ts';
import { failureKind } from '../../data/failure-kind.ts';

const percentOf = (value: number, locale: string) =>
  formatNumber(value / 100, locale, { style: 'percent', maximumFractionDigits: 2 });

function LineName({ line }: { line: StatementLine }) {
  const { t } = useLingui();
  const name = line.member?.fullName ?? '';
  if (line.kind === 'personal') return <>{t`Personal: own PV`}</>;
  if (line.kind === 'differential') return <>{t`Differential: leg of ${name}`}</>;
  return <>{t`Leadership: breakaway leg of ${name}`}</>;
}

function StatementView({ statement }: { statement: Statement }) {
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
          <dt>{t`Paid-as rank`}</dt>
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
              {statement.lines.map((line, index) => (
                <tr key={index} data-line={line.kind}>
                  <th scope="row" className="statement__line-name">
                    <LineName line={line} />
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
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="dash-card__note">{t`The month was not active (PV below ${threshold}): no bonus is paid.`}</p>
      )}
      <p className="statement__total">
        {t`Bonus for the month`}: <strong data-field="total">{money(statement.total)}</strong>
      </p>
      <p className="dash-card__note">
        {t`Marketing plan: the paid-as rank earns ${rankPercent} of its own PV and the difference of percents on each first-line leg's PGV; a breakaway leader earns 5 % of each breakaway leg's PGV. One point is worth ${point}.`}
      </p>
    </div>
  );
}

/** Documents: the bonus statement of every closed month, on screen and as a PDF in the interface language. */
export function StatementsSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const selectId = useId();
  const list = useStatements();
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? list.data?.[0]?.month ?? null;
  const statement = useStatement(month);
  const file = useStatementFile();
  const fetching = useSelector(file, selectFetchingMonth);
  const saved = useSelector(file, selectSavedMonth);
  const error = useSelector(file, selectFileError);

  let body;
  if (list.isPending) body = <Skeleton lines={4} />;
  else if (list.isError)
    body = (
      <QueryFailure headingLevel={3} kind={failureKind(list.error)} onRetry={() => void list.refetch()} />
    );
  else if (list.data.length === 0 || month === null) body = <EmptyState title={t`No closed months yet`} />;
  else {
    const monthName = formatMonth(month, locale);
    body = (
      <>
        <div className="statements__toolbar">
          <label htmlFor={selectId} className="statements__label">
            {t`Month`}
          </label>
          <select
            id={selectId}
            className="statements__select"
            value={month}
            onChange={(event) => setChosen(event.target.value)}
          >
            {list.data.map((summary) => (
              <option key={summary.month} value={summary.month}>
                {formatMonth(summary.month, locale)}
              </option>
            ))}
          </select>
          <Button
            variant="primary"
            data-action="statement-pdf"
            disabled={fetching !== null}
            aria-busy={fetching !== null}
            onClick={() => file.send({ type: 'file.get', file: month, lang: locale, action: 'download' })}
          >
            {fetching === null ? t`Download PDF` : t`Downloading…`}
            <span className="visually-hidden"> {t`Bonus statement for ${monthName}`}</span>
          </Button>
        </div>
        <p className="document__status" role="status">
          {saved === null ? '' : t`The statement was saved as a PDF.`}
        </p>
        {error === null ? null : (
          <p className="error-text" role="alert">
            {t`Could not get the file. Please try again.`}
          </p>
        )}
        {statement.isPending ? (
          <Skeleton lines={6} />
        ) : statement.isError ? (
          <QueryFailure
            headingLevel={3}
            kind={failureKind(statement.error)}
            onRetry={() => void statement.refetch()}
          />
        ) : (
          <StatementView statement={statement.data} />
        )}
      </>
    );
  }
  return (
    <section className="dash-card statements" aria-labelledby="statements-title">
      <h2 id="statements-title" className="dash-card__title">
        {t`Bonus statements`}
      </h2>
      <p className="dash-card__note">{t`Every closed month, kept for good: volumes, rank and how each bonus was computed.`}</p>
      {body}
    </section>
  );
}
