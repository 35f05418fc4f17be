import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { type MyInfo, useFirstSteps } from '../../data/business.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { PATHS } from '../../ui/paths.ts';
import { StepsProgress } from './first-steps/steps-progress.tsx';
import { STEP_TEXTS } from './first-steps/step-texts.ts';
import { offersFirstSteps, stepsOf } from './first-steps/steps.ts';

/** Today on the company's calendar, from the period the server answered (its end and the days left in it). */
export function periodToday(period: MyInfo['period']): string {
  const end = Date.parse(period.end);
  return new Date(end - (period.daysLeft - 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Main's "First steps" card (docs/adr/0148-first-steps.md): for a distributor in their first months with a step
 * still open, how far along they are and the next step, linking to the page. Nothing while it loads or fails:
 * the card is a shortcut, the page is the full view.
 */
export function FirstStepsCard({ info }: { info: MyInfo }) {
  const { t, i18n } = useLingui();
  const query = useFirstSteps();
  if (query.data === undefined || !offersFirstSteps(query.data, periodToday(info.period))) return null;
  const steps = stepsOf(query.data);
  const next = steps.find((step) => !step.done);
  return (
    <section className="dash-card dash-card--wide" aria-labelledby="dash-first-steps" data-card="first-steps">
      <h2 id="dash-first-steps" className="dash-card__title">{t`First steps`}</h2>
      <StepsProgress steps={steps} />
      {next === undefined ? null : (
        <p className="dash-card__note">{t`Next: ${i18n._(STEP_TEXTS[next.id].title)}`}</p>
      )}
      <Link to={PATHS.firstSteps} className={buttonClassName('primary')}>
        {t`Continue`}
      </Link>
    </section>
  );
}
