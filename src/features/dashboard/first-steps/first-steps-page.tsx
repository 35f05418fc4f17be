import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { type FirstSteps, useFirstSteps } from '../../../data/business.ts';
import { failureKind } from '../../../data/failure-kind.ts';
import { buttonClassName } from '../../../ui/button.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryFailure } from '../../../ui/query-failure.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { PATHS } from '../../../ui/paths.ts';
import { STEP_TEXTS } from './step-texts.ts';
import { StepsProgress } from './steps-progress.tsx';
import { type Step, stepsOf } from './steps.ts';
import '../../../ui/business.css';
import './first-steps.css';

function SponsorCard({ sponsor }: { sponsor: NonNullable<FirstSteps['sponsor']> }) {
  const { t } = useLingui();
  const name = sponsor.fullName;
  return (
    <section className="dash-card first-steps__sponsor" aria-labelledby="first-steps-sponsor">
      <h2 id="first-steps-sponsor" className="dash-card__title">{t`Your sponsor`}</h2>
      <p className="first-steps__sponsor-name" data-field="sponsor">
        {name}
      </p>
      <dl className="dash-facts">
        {sponsor.prn === null ? null : (
          <div>
            <dt>{t`PRN`}</dt>
            <dd>{sponsor.prn}</dd>
          </div>
        )}
        {sponsor.city === null ? null : (
          <div>
            <dt>{t`City`}</dt>
            <dd>{sponsor.city}</dd>
          </div>
        )}
        {sponsor.phone === null ? null : (
          <div>
            <dt>{t`Phone`}</dt>
            <dd>
              <a href={`tel:${sponsor.phone.replace(/[^\d+]/g, '')}`}>{sponsor.phone}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>{t`E-mail`}</dt>
          <dd>
            <a href={`mailto:${sponsor.email}`}>{sponsor.email}</a>
          </dd>
        </div>
      </dl>
      <p className="dash-card__note">
        <Trans>{name} signed you up and is there to help: talk to them before your first order.</Trans>
      </p>
    </section>
  );
}

function StepItem({ step, index }: { step: Step; index: number }) {
  const { t, i18n } = useLingui();
  const text = STEP_TEXTS[step.id];
  const titleId = `first-step-${step.id}`;
  const number = index + 1;
  return (
    <li className={`first-steps__step${step.done ? ' first-steps__step--done' : ''}`} data-step={step.id}>
      <span className="first-steps__mark" aria-hidden="true">
        {step.done ? '✓' : number}
      </span>
      <div className="first-steps__text">
        <h3 id={titleId} className="first-steps__title">
          {i18n._(text.title)}{' '}
          <span className={`badge badge--${step.done ? 'yes' : 'no'}`} data-field="state">
            {step.done ? t`Done` : t`To do`}
          </span>
        </h3>
        <p className="dash-card__note">{i18n._(step.done ? text.done : text.why)}</p>
      </div>
      {step.done ? null : (
        <Link className={buttonClassName('secondary')} to={step.to} aria-describedby={titleId}>
          {i18n._(text.action)}
        </Link>
      )}
    </li>
  );
}

/**
 * `/first-steps` (not in the spec; docs/adr/0148-first-steps.md): where a distributor who has just signed up
 * starts — their sponsor to call, and the steps of a first month, each ticked off from their own data.
 */
export default function FirstStepsPage() {
  const { t } = useLingui();
  const query = useFirstSteps();
  const header = (
    <PageHeader title={t`First steps`} subtitle={t`Welcome to the company. Here is where to begin.`} />
  );
  if (query.isPending) {
    return (
      <>
        {header}
        <div aria-busy="true">
          <Skeleton lines={6} />
        </div>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {header}
        <QueryFailure
          kind={failureKind(query.error)}
          title={t`The first steps could not be loaded.`}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  const steps = stepsOf(query.data);
  const allDone = steps.every((step) => step.done);
  return (
    <>
      {header}
      <div className="first-steps">
        <section className="dash-card first-steps__list-card" aria-labelledby="first-steps-list">
          <h2 id="first-steps-list" className="dash-card__title">{t`Your first month`}</h2>
          <StepsProgress steps={steps} />
          {allDone ? (
            <p className="notice notice--success" role="status">
              {t`Every first step is done. Your Main page shows how the month goes.`}
            </p>
          ) : null}
          <ol className="first-steps__list">
            {steps.map((step, index) => (
              <StepItem key={step.id} step={step} index={index} />
            ))}
          </ol>
        </section>
        <div className="first-steps__aside">
          {query.data.sponsor === null ? null : <SponsorCard sponsor={query.data.sponsor} />}
          <section className="dash-card" aria-labelledby="first-steps-documents">
            <h2 id="first-steps-documents" className="dash-card__title">{t`Know the rules`}</h2>
            <p className="dash-card__note">
              {t`The marketing plan says how volumes, ranks and bonuses work; the ethics code how we treat clients and each other.`}
            </p>
            <Link to={PATHS.documents}>{t`Read the documents`}</Link>
          </section>
        </div>
      </div>
    </>
  );
}
