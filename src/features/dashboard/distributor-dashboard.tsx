import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../ui/paths.ts';
import { formatDate, formatMoney, formatNumber, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { CardGrid } from '../../ui/card-grid.tsx';
import { TabularFigure } from '../../ui/tabular-figure.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { formatMonth, RANK_NAMES } from '../../i18n/business-format.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { ActionNeededCard } from './action-needed-card.tsx';
import { ClientOrdersCard } from './client-orders-card.tsx';
import { FirstStepsCard } from './first-steps-card.tsx';
import {
  type MyInfo,
  type MyTarget,
  type TargetRequirement,
  useMyInfo,
  useMyTarget,
} from '../../data/business.ts';
import { failureKind } from '../../data/failure-kind.ts';

function StateMark({ achieved }: { achieved: boolean }) {
  return (
    <span className={`state-mark state-mark--${achieved ? 'yes' : 'no'}`} aria-hidden="true">
      {achieved ? '✓' : '–'}
    </span>
  );
}

function StatusCard({ info }: { info: MyInfo }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <section className="dash-card card-span-4 card-span-mid-1" aria-labelledby="dash-status">
      <h2 id="dash-status" className="dash-card__title">{t`Status`}</h2>
      <dl className="dash-facts">
        <div>
          <dt>{t`Rank`}</dt>
          <dd data-field="rank">{i18n._(RANK_NAMES[info.rank])}</dd>
        </div>
        <div>
          <dt>{t`PRN`}</dt>
          <dd data-field="prn">{info.prn}</dd>
        </div>
        <div>
          <dt>{t`Signing date`}</dt>
          <dd data-field="signingDate">{formatDate(info.signingDate, locale)}</dd>
        </div>
        <div>
          <dt>{t`This period`}</dt>
          <dd>
            <span className={`badge badge--${info.isActive ? 'yes' : 'no'}`}>
              {info.isActive ? t`Active` : t`Not active`}
            </span>{' '}
            <span className={`badge badge--${info.isQualified ? 'yes' : 'no'}`}>
              {info.isQualified ? t`Qualified` : t`Not qualified`}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function PeriodCard({ info }: { info: MyInfo }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { volumes, period } = info;
  const items = [
    { key: 'pv', abbr: 'PV', name: t`Personal volume`, value: volumes.pv },
    { key: 'gv', abbr: 'GV', name: t`Group volume`, value: volumes.gv },
    { key: 'cgv', abbr: 'CGV', name: t`Cumulative group volume`, value: volumes.cgv },
    { key: 'pgv', abbr: 'PGV', name: t`Personal group volume`, value: volumes.pgv },
  ];
  const month = formatMonth(period.start.slice(0, 7), locale);
  const daysLeft = period.daysLeft;
  const closes = formatDate(period.end, locale);
  const length = Number(period.end.slice(8, 10)) || 30;
  return (
    <section className="dash-card dash-card--hero card-span-7" aria-labelledby="dash-volumes">
      <h2 id="dash-volumes" className="dash-card__title">{t`Volumes of ${month}`}</h2>
      <div className="dash-countdown">
        <p className="dash-countdown__days" data-field="daysLeft">
          {daysLeft === 0 ? (
            t`The period closes today.`
          ) : (
            <>
              <strong className="dash-countdown__number">{formatNumber(daysLeft, locale)}</strong>{' '}
              <Plural
                value={daysLeft}
                one="day until the period closes"
                other="days until the period closes"
              />
            </>
          )}
        </p>
        <p className="dash-card__note">{t`Last day of the period: ${closes}`}</p>
        <progress
          className="dash-progress"
          aria-label={t`Days of the period gone`}
          max={length}
          value={Math.max(0, length - daysLeft)}
        />
      </div>
      <dl className="dash-volumes">
        {items.map((item) => (
          <div key={item.key} className="dash-volume">
            <dt>
              <abbr title={item.name}>{item.abbr}</abbr>
              <span className="dash-volume__name">{item.name}</span>
            </dt>
            <dd className="dash-volume__value">
              <TabularFigure
                field={item.key}
                exact={formatPoints(item.value, locale)}
                compact={formatNumber(item.value, locale, { notation: 'compact', maximumFractionDigits: 2 })}
              />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PickupThresholdsCard({ info }: { info: MyInfo }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { pvPositive, pvAtLeast25, minPv } = info.pickupThresholds;
  const minimum = formatPoints(minPv, locale);
  const toGo = formatPoints(Math.max(0, Math.round((minPv - info.volumes.pv) * 100) / 100), locale);
  return (
    <section className="dash-card card-span-4 card-span-mid-1" aria-labelledby="dash-thresholds">
      <h2 id="dash-thresholds" className="dash-card__title">{t`Pickup thresholds`}</h2>
      <ul className="dash-checklist">
        <li data-field="pvPositive" data-achieved={pvPositive}>
          <StateMark achieved={pvPositive} />
          <span>
            {t`PV greater than 0`}
            <span className="visually-hidden">: {pvPositive ? t`reached` : t`not reached`}</span>
          </span>
        </li>
        <li data-field="pvAtLeast25" data-achieved={pvAtLeast25}>
          <StateMark achieved={pvAtLeast25} />
          <span>
            {t`PV at least ${minimum} points (active and qualified distributors)`}
            <span className="visually-hidden">: {pvAtLeast25 ? t`reached` : t`not reached`}</span>
          </span>
        </li>
      </ul>
      {pvAtLeast25 ? null : <p className="dash-card__note">{t`${toGo} PV to go this period.`}</p>}
    </section>
  );
}

function RequirementRow({ requirement }: { requirement: TargetRequirement }) {
  const { t } = useLingui();
  const locale = useLocale();
  const labelId = useId();
  const done = requirement.missing <= 0;
  const required = formatPoints(requirement.required, locale);
  const actual = formatPoints(requirement.actual, locale);
  const missing = formatPoints(requirement.missing, locale);
  return (
    <li className="dash-requirement" data-requirement={requirement.code}>
      <div className="dash-requirement__head">
        <span id={labelId}>{requirement.label[locale]}</span>
        <span className="dash-requirement__numbers">{t`${actual} of ${required}`}</span>
      </div>
      <progress
        className="dash-progress"
        aria-labelledby={labelId}
        max={requirement.required > 0 ? requirement.required : 1}
        value={Math.min(requirement.actual, requirement.required > 0 ? requirement.required : 1)}
      />
      <p className={`dash-requirement__missing${done ? ' dash-requirement__missing--done' : ''}`}>
        {done ? t`Done` : t`Still missing: ${missing}`}
      </p>
    </li>
  );
}

function TargetCard({
  target,
  pending,
  failed,
  retry,
}: {
  target: MyTarget | undefined;
  pending: boolean;
  failed: boolean;
  retry: () => void;
}) {
  const { t, i18n } = useLingui();
  let body;
  if (pending) body = <Skeleton lines={4} />;
  else if (failed || target === undefined) body = <QueryFailure headingLevel={3} onRetry={retry} />;
  else if (target.nextRank === null)
    body = <p className="dash-card__note">{t`You hold the top rank. Congratulations!`}</p>;
  else {
    const next = i18n._(RANK_NAMES[target.nextRank]);
    const missing = target.requirements.filter((requirement) => requirement.missing > 0).length;
    body = (
      <>
        <p className="dash-card__lead" data-field="nextRank">
          <Trans>
            Next rank: <strong>{next}</strong>
          </Trans>
        </p>
        <p className="dash-card__note">
          {missing === 0
            ? t`Every requirement is met: the rank is confirmed when the period closes.`
            : t`What is still missing this period:`}
        </p>
        <ul className="dash-requirements">
          {target.requirements.map((requirement) => (
            <RequirementRow key={requirement.code} requirement={requirement} />
          ))}
        </ul>
      </>
    );
  }
  return (
    <section
      className="dash-card dash-card--hero card-span-5"
      aria-labelledby="dash-target"
      aria-busy={pending}
    >
      <h2 id="dash-target" className="dash-card__title">{t`Progress to the next rank`}</h2>
      {body}
    </section>
  );
}

function QualificationsCard({ info }: { info: MyInfo }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <section className="dash-card card-span-4 card-span-mid-1" aria-labelledby="dash-qualifications">
      <h2 id="dash-qualifications" className="dash-card__title">{t`Qualifications`}</h2>
      <ul className="dash-checklist">
        {info.qualifications.map((qualification) => (
          <li
            key={qualification.code}
            data-qualification={qualification.code}
            data-achieved={qualification.achieved}
          >
            <StateMark achieved={qualification.achieved} />
            <span>
              {qualification.name[locale]}
              <span className="visually-hidden">
                : {qualification.achieved ? t`achieved` : t`not achieved`}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BonusesCard({ info }: { info: MyInfo }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { currentMonth, last11Months, currency } = info.bonuses;
  return (
    <section className="dash-card card-span-4 card-span-mid-1" aria-labelledby="dash-bonuses">
      <h2 id="dash-bonuses" className="dash-card__title">{t`Bonuses`}</h2>
      <dl className="dash-facts dash-facts--money">
        <div>
          <dt>{t`This month so far`}</dt>
          <dd data-field="bonusCurrentMonth">{formatMoney(currentMonth, currency, locale)}</dd>
        </div>
        <div>
          <dt>{t`For 11 months`}</dt>
          <dd data-field="bonusLast11Months">{formatMoney(last11Months, currency, locale)}</dd>
        </div>
      </dl>
      <Link to={`${PATHS.documents}#bonus`} className="dash-card__link" data-action="bonus-explained">
        {t`How this month's bonus is computed`}
      </Link>
    </section>
  );
}

function ClosedMonthsCard({ info }: { info: MyInfo }) {
  const { t } = useLingui();
  const locale = useLocale();
  const currency = info.bonuses.currency;
  const bonus = t`Bonus`;
  return (
    <section className="dash-card card-span-8" aria-labelledby="dash-closed">
      <div className="dash-card__header">
        <h2 id="dash-closed" className="dash-card__title">{t`Closed months`}</h2>
        <Link to={PATHS.charts} className={buttonClassName('secondary')}>
          {t`Charts`}
        </Link>
      </div>
      {info.closedMonths.length === 0 ? (
        <p className="dash-card__note">{t`No closed months yet.`}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table data-table--stack" data-table="closed-months">
            <caption className="visually-hidden">{t`Closed months, newest first`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Month`}</th>
                <th scope="col" className="num">
                  PV
                </th>
                <th scope="col" className="num">
                  GV
                </th>
                <th scope="col" className="num">
                  {bonus}
                </th>
              </tr>
            </thead>
            <tbody>
              {info.closedMonths.map((month) => (
                <tr key={month.month} data-month={month.month}>
                  <th scope="row">{formatMonth(month.month, locale)}</th>
                  <td className="num" data-label="PV">
                    {formatPoints(month.pv, locale)}
                  </td>
                  <td className="num" data-label="GV">
                    {formatPoints(month.gv, locale)}
                  </td>
                  <td className="num" data-label={bonus}>
                    {formatMoney(month.bonus, currency, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function DashboardSkeleton() {
  const { t } = useLingui();
  return (
    <CardGrid busy>
      <Spinner label={t`Loading your figures…`} />
      {[7, 5, 4, 4, 4].map((span, index) => (
        <div key={index} className={`dash-card card-span-${span} card-span-mid-1`}>
          <Skeleton lines={4} />
        </div>
      ))}
    </CardGrid>
  );
}

/** A distributor's figures of the current period (`GET /users/my-info`, `GET /users/my-target`). */
export function DistributorDashboard() {
  const info = useMyInfo();
  const target = useMyTarget();
  if (info.isPending) return <DashboardSkeleton />;
  if (info.isError)
    return <QueryFailure kind={failureKind(info.error)} onRetry={() => void info.refetch()} />;
  return (
    <CardGrid>
      <FirstStepsCard info={info.data} />
      <ActionNeededCard />
      <PeriodCard info={info.data} />
      <TargetCard
        target={target.data}
        pending={target.isPending}
        failed={target.isError}
        retry={() => void target.refetch()}
      />
      <StatusCard info={info.data} />
      <BonusesCard info={info.data} />
      <PickupThresholdsCard info={info.data} />
      <QualificationsCard info={info.data} />
      <ClosedMonthsCard info={info.data} />
      {/* A row of its own below the period's figures: the grid's rows stay full. */}
      <ClientOrdersCard />
    </CardGrid>
  );
}
