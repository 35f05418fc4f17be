import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { signUpMachine } from '#machines/sign-up/sign-up.machine.ts';
import {
  selectIsSending,
  selectIsWaitingForProof,
  selectPageView,
  selectRefusal,
} from '#machines/sign-up/sign-up.selectors.ts';
import { selectProofAttempts, selectProofView } from '#machines/proof-of-work/proof-of-work.selectors.ts';
import type {
  JoinedParams,
  JoinRequest,
  JoinResult,
  PowChallenge,
  SignUpEvent,
  SignUpForm,
  SponsorCard,
} from '#machines/sign-up/sign-up.types.ts';

const NOW = new Date('2026-11-29T10:00:00Z').getTime();

const card: SponsorCard = {
  alias: 'alice',
  prn: 'MD1000042',
  fullName: 'Alice Popescu',
  city: 'Chișinău',
  warehouses: [
    {
      id: 1,
      name: { ru: 'Склад', en: 'Store', ro: 'Depozit', uk: 'Склад', it: 'Magazzino' },
      city: 'Chișinău',
    },
  ],
  documents: [
    { id: 'marketing_plan', title: { ru: 'П', en: 'Plan', ro: 'P', uk: 'П', it: 'P' }, edition: '2025-01' },
    { id: 'ethics_code', title: { ru: 'К', en: 'Code', ro: 'C', uk: 'К', it: 'C' }, edition: '2025-01' },
  ],
};

const challenge = (n: number): PowChallenge => ({
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: `nonce-${n}`,
    salt: 'salt',
    cost: 1,
    keyLength: 32,
    keyPrefix: 'ab',
    expiresAt: Math.floor(NOW / 1000) + 600,
  },
  signature: `sig-${n}`,
});

const form: SignUpForm = {
  fullName: 'Ion Rusu',
  email: 'ion@example.com',
  phone: '+373 69 000 001',
  city: 'Chișinău',
  warehouseId: 1,
  password: 'a long pass phrase',
  birthDate: '1990-05-01',
  lang: 'ro',
  consents: { marketing_plan: '2025-01', ethics_code: '2025-01' },
};

interface Fakes {
  loadCard?: () => Promise<SponsorCard>;
  join?: (input: JoinRequest) => Promise<JoinResult>;
}

function start(fakes: Fakes = {}) {
  let challenges = 0;
  const solvers: Array<{
    challenge: PowChallenge;
    sendBack: (event: SignUpEvent) => void;
    stopped: boolean;
  }> = [];
  const joined = vi.fn<(params: JoinedParams) => void>();
  const join = vi.fn(
    fakes.join ?? (async () => ({ prn: 'MD1000099', access_token: 'token', token_type: 'Bearer' as const })),
  );
  const machine = signUpMachine.provide({
    actors: {
      loadCard: fromPromise(fakes.loadCard ?? (async () => card)),
      fetchChallenge: fromPromise(async () => challenge(++challenges)),
      solveChallenge: fromCallback<SignUpEvent, PowChallenge>(({ input, sendBack }) => {
        const solver = { challenge: input, sendBack, stopped: false };
        solvers.push(solver);
        return () => {
          solver.stopped = true;
        };
      }),
      join: fromPromise(({ input }: { input: JoinRequest }) => join(input)),
    },
    actions: { joined: (_, params) => joined(params) },
  });
  const actor = createActor(machine, { input: { alias: 'Alice' } });
  actor.start();
  const solver = () => solvers.at(-1);
  return { actor, solvers, solver, joined, join, challengesFetched: () => challenges };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('signUpMachine', () => {
  it('loads the card and starts the proof of work at once, with progress', async () => {
    const { actor, solver } = start();
    expect(selectPageView(actor.getSnapshot())).toBe('loading');
    await settle();
    const snapshot = actor.getSnapshot();
    expect(selectPageView(snapshot)).toBe('form');
    expect(snapshot.context.card).toEqual(card);
    expect(selectProofView(snapshot)).toBe('working');
    solver()?.sendBack({ type: 'pow.progress', attempts: 420 });
    expect(selectProofAttempts(actor.getSnapshot())).toBe(420);
  });

  it('shows an unknown alias as an invalid link, other failures with a retry', async () => {
    const gone = start({ loadCard: () => Promise.reject({ status: 404, code: 'NOT_FOUND' }) });
    await settle();
    expect(selectPageView(gone.actor.getSnapshot())).toBe('invalidLink');

    let calls = 0;
    const flaky = start({
      loadCard: () =>
        ++calls === 1 ? Promise.reject({ status: 500, code: 'NETWORK_ERROR' }) : Promise.resolve(card),
    });
    await settle();
    expect(selectPageView(flaky.actor.getSnapshot())).toBe('cardFailed');
    expect(flaky.actor.getSnapshot().context.cardError).toBe('NETWORK_ERROR');
    flaky.actor.send({ type: 'signUp.retry' });
    await settle();
    expect(selectPageView(flaky.actor.getSnapshot())).toBe('form');
  });

  it('waits for the proof when the form comes first, then sends it with the sponsor and the solution', async () => {
    const { actor, solver, join, joined } = start();
    await settle();
    actor.send({ type: 'signUp.submit', form });
    expect(selectIsWaitingForProof(actor.getSnapshot())).toBe(true);
    expect(selectIsSending(actor.getSnapshot())).toBe(true);
    expect(join).not.toHaveBeenCalled();

    solver()?.sendBack({ type: 'pow.solved', payload: 'c29sdmVk' });
    await settle();
    expect(join).toHaveBeenCalledWith({ ...form, sponsor: 'MD1000042', altcha: 'c29sdmVk' });
    expect(joined).toHaveBeenCalledWith({ token: 'token', prn: 'MD1000099' });
    expect(selectPageView(actor.getSnapshot())).toBe('joined');
    expect(actor.getSnapshot().status).toBe('done');
    expect(solver()?.stopped).toBe(true);
  });

  it('puts a refusal on its field and solves a new challenge: each one is single-use', async () => {
    const { actor, solver, solvers, join, challengesFetched } = start({
      join: () => Promise.reject({ status: 409, code: 'EMAIL_TAKEN' }),
    });
    await settle();
    solver()?.sendBack({ type: 'pow.solved', payload: 'first' });
    expect(selectProofView(actor.getSnapshot())).toBe('ready');
    actor.send({ type: 'signUp.submit', form });
    await settle();

    const snapshot = actor.getSnapshot();
    expect(join).toHaveBeenCalledTimes(1);
    expect(selectPageView(snapshot)).toBe('form');
    expect(selectRefusal(snapshot)).toEqual({
      code: 'EMAIL_TAKEN',
      fields: { email: 'EMAIL_TAKEN' },
      form: null,
    });
    expect(selectProofView(snapshot)).toBe('working');
    expect(challengesFetched()).toBe(2);
    expect(solvers).toHaveLength(2);
    expect(solver()?.challenge.signature).toBe('sig-2');
    expect(snapshot.context.solution).toBeNull();
  });

  it('replaces a solved challenge shortly before it expires', async () => {
    const { actor, solver, challengesFetched } = start();
    await settle();
    solver()?.sendBack({ type: 'pow.solved', payload: 'first' });
    await vi.advanceTimersByTimeAsync(579_000);
    expect(challengesFetched()).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(challengesFetched()).toBe(2);
    expect(selectProofView(actor.getSnapshot())).toBe('working');
  });

  it('shows a failed proof and starts it again on retry', async () => {
    const { actor, solver, challengesFetched } = start();
    await settle();
    solver()?.sendBack({ type: 'pow.failed', code: 'POW_UNSUPPORTED' });
    expect(selectProofView(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.powError).toBe('POW_UNSUPPORTED');
    actor.send({ type: 'signUp.retry' });
    await settle();
    expect(challengesFetched()).toBe(2);
    expect(selectProofView(actor.getSnapshot())).toBe('working');
  });
});
