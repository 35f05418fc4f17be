/**
 * Which of a new distributor's first steps are done (docs/adr/0148-first-steps.md), from `GET /users/first-steps`.
 * The order is the order a sponsor would give them: the address, a first order, the month's 25 PV, the invitation
 * link, then the first distributor and the first client it brings.
 */
import type { FirstSteps } from '../../../data/business.ts';
import { PATHS } from '../../../ui/paths.ts';

export type StepId = 'email' | 'order' | 'active' | 'alias' | 'recruit' | 'client';

export interface Step {
  id: StepId;
  done: boolean;
  /** Where the step is taken. */
  to: string;
}

export function stepsOf(steps: FirstSteps): Step[] {
  return [
    { id: 'email', done: steps.emailConfirmed, to: PATHS.personal },
    { id: 'order', done: steps.ordered, to: PATHS.newOrder },
    { id: 'active', done: steps.active, to: PATHS.dashboard },
    { id: 'alias', done: steps.alias !== null, to: `${PATHS.personal}#personal-invite` },
    { id: 'recruit', done: steps.recruits > 0, to: `${PATHS.personal}#personal-invite` },
    { id: 'client', done: steps.clients > 0, to: `${PATHS.personal}#personal-shop` },
  ];
}

/** How long after signing Main offers the first steps, while any is left. */
export const NEWCOMER_DAYS = 90;

/**
 * Whether Main shows the first-steps card: signed within `NEWCOMER_DAYS` of `today` (both `YYYY-MM-DD`, compared as
 * calendar days so the server's render and the browser's agree) and a step still open.
 */
export function offersFirstSteps(steps: FirstSteps, today: string): boolean {
  if (steps.signingDate === null) return false;
  const days = (Date.parse(today) - Date.parse(steps.signingDate)) / 86_400_000;
  if (!(days >= 0 && days <= NEWCOMER_DAYS)) return false;
  return stepsOf(steps).some((step) => !step.done);
}
