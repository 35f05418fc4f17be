// @vitest-environment jsdom
// The join page while the proof of work runs: the solver's progress (four times a second on a phone) updates the
// "keys tried" line without rendering the page and its form again (docs/adr/0152-one-proof-of-work-region.md);
// the solved proof shows as passed.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SponsorCard } from '#machines/sign-up/sign-up.types.ts';
import JoinPage from '#src/features/join/join-page.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import type { PowReport, PowWork } from '#src/platform/pow/pow.worker.ts';
import { renderRoutes } from '#tests/support/render-routes.tsx';
import type * as FormModule from '#src/features/join/join-form.tsx';
import type * as SolverModule from '#src/platform/pow/pow-solver.ts';
import type * as SignUpDataModule from '#src/data/sign-up.ts';
import { unsolvedChallenge } from '#tests/support/pow-fixtures.ts';

class FakeWorker {
  onmessage: ((message: MessageEvent<PowReport>) => void) | null = null;
  onerror: ((error: ErrorEvent) => void) | null = null;
  postMessage(_work: PowWork) {}
  terminate() {}
  report(data: PowReport) {
    this.onmessage?.({ data } as MessageEvent<PowReport>);
  }
}

const page = vi.hoisted(() => ({ formRenders: 0, workers: [] as FakeWorker[] }));

const card: SponsorCard = {
  alias: 'alice',
  prn: 'MD1000042',
  fullName: 'Alice Popescu',
  city: null,
  warehouses: [{ id: 1, name: { ru: 'С', en: 'Store', ro: 'D', uk: 'С', it: 'M' }, city: 'Chișinău' }],
  documents: [
    {
      id: 'ethics_code',
      title: { ru: 'К', en: 'Ethics code', ro: 'C', uk: 'К', it: 'C' },
      edition: '2025-01',
    },
  ],
};

const challenge = unsolvedChallenge();

// A visitor, signed out.
vi.mock('#src/session/auth-context.tsx', () => ({
  useAuthSelector: () => false,
  useAuthSend: () => () => {},
}));

vi.mock('#src/data/sign-up.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof SignUpDataModule>();
  return {
    ...actual,
    signUpApi: {
      sponsorCard: async () => card,
      challenge: async () => challenge,
      join: () => new Promise(() => {}),
    },
  };
});

vi.mock('#src/platform/pow/pow-solver.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof SolverModule>();
  return {
    ...actual,
    createPowWorker: () => {
      const worker = new FakeWorker();
      page.workers.push(worker);
      return worker;
    },
  };
});

// The form as it is, counting its renders.
vi.mock('#src/features/join/join-form.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof FormModule>();
  return {
    JoinForm: (props: FormModule.JoinFormProps) => {
      page.formRenders += 1;
      return actual.JoinForm(props);
    },
  };
});

beforeAll(async () => {
  await activateLocale('en');
});
afterEach(() => {
  cleanup();
});

describe('the join page while the proof of work runs', () => {
  it('counts the keys tried without rendering the form again, then says the check passed', async () => {
    renderRoutes([{ path: '/join/:alias', element: <JoinPage /> }], '/join/alice');
    expect(await screen.findByLabelText('Full name')).toBeTruthy();
    await waitFor(() => expect(page.workers.length).toBeGreaterThan(0));
    const worker = page.workers[0] as FakeWorker;
    const rendersBefore = page.formRenders;

    for (const attempts of [120, 480, 960]) {
      act(() => worker.report({ type: 'progress', attempts }));
      expect(screen.getByText(`${attempts} keys tried`)).toBeTruthy();
    }
    expect(page.formRenders, 'the form is not rendered again by the progress').toBe(rendersBefore);

    act(() => worker.report({ type: 'solved', counter: 7, derivedKey: 'cc00' }));
    expect(screen.getByText('Check passed: you are not a robot.')).toBeTruthy();
  });
});
