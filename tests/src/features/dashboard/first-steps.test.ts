import { describe, expect, it } from 'vitest';
import type { FirstSteps } from '../../../../src/data/business.ts';
import {
  NEWCOMER_DAYS,
  offersFirstSteps,
  stepsOf,
} from '../../../../src/features/dashboard/first-steps/steps.ts';

const fresh: FirstSteps = {
  signingDate: '2026-11-20',
  sponsor: null,
  alias: null,
  emailConfirmed: true,
  ordered: false,
  active: false,
  recruits: 0,
  clients: 0,
};

describe('stepsOf', () => {
  it('ticks off each step from its own figure, in the order a sponsor gives them', () => {
    expect(stepsOf(fresh).map((step) => [step.id, step.done])).toEqual([
      ['email', true],
      ['order', false],
      ['active', false],
      ['alias', false],
      ['recruit', false],
      ['client', false],
    ]);
    const seasoned = { ...fresh, ordered: true, active: true, alias: 'ana', recruits: 2, clients: 1 };
    expect(stepsOf(seasoned).every((step) => step.done)).toBe(true);
  });
});

describe('offersFirstSteps', () => {
  it('offers them in the first months while a step is open', () => {
    expect(offersFirstSteps(fresh, '2026-11-29')).toBe(true);
    expect(offersFirstSteps(fresh, '2026-11-20')).toBe(true);
  });

  it(`stops ${NEWCOMER_DAYS} days after signing, when all are done, and for a date it cannot place`, () => {
    expect(offersFirstSteps(fresh, '2027-02-19')).toBe(false);
    expect(offersFirstSteps(fresh, '2027-02-18')).toBe(true);
    const done = { ...fresh, ordered: true, active: true, alias: 'ana', recruits: 1, clients: 1 };
    expect(offersFirstSteps(done, '2026-11-29')).toBe(false);
    expect(offersFirstSteps({ ...fresh, signingDate: null }, '2026-11-29')).toBe(false);
    expect(offersFirstSteps(fresh, '2026-11-19')).toBe(false);
  });
});
