import { useLingui } from '@lingui/react/macro';
import type { Step } from './steps.ts';

/** How far along the steps are, as a bar and in words. */
export function StepsProgress({ steps }: { steps: readonly Step[] }) {
  const { t } = useLingui();
  const done = steps.filter((step) => step.done).length;
  const total = steps.length;
  return (
    <div className="first-steps__progress">
      <progress value={done} max={total} aria-label={t`First steps done`} />
      <p className="dash-card__note" data-field="progress">
        {t`Done: ${done} of ${total}`}
      </p>
    </div>
  );
}
