/**
 * The sign-up machine's solver as the app provides it: counters spread over several workers, their progress
 * summed, the first solution sent as the base64 payload the server verifies, all workers stopped after; the
 * browser's WebCrypto PBKDF2 (what pow.worker.ts runs) against a challenge of the server's own `newChallenge`.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { checkSolution, newChallenge } from '#server/domain/sign-up/challenge.ts';
import type { PowChallenge } from '#machines/sign-up/sign-up.types.ts';
import type { SignUpApi } from '../../../../src/data/sign-up.ts';
import { provideSignUp } from '../../../../src/features/join/sign-up.actors.ts';
import { powConcurrency, powPayload, type PowWorker } from '../../../../src/platform/pow/pow-solver.ts';
import type { PowReport, PowWork } from '../../../../src/platform/pow/pow.worker.ts';

const config = {
  jwtSecret: 'a-test-secret-that-is-long-enough',
  pow: { cost: 1, maxCounter: 40, ttlSeconds: 600 },
};

class FakeWorker implements PowWorker {
  onmessage: ((message: MessageEvent<PowReport>) => void) | null = null;
  onerror: ((error: ErrorEvent) => void) | null = null;
  work: PowWork | null = null;
  terminated = false;
  postMessage(work: PowWork) {
    this.work = work;
  }
  terminate() {
    this.terminated = true;
  }
  report(data: PowReport) {
    this.onmessage?.({ data } as MessageEvent<PowReport>);
  }
}

/** A worker that really solves its share of the counters in-process, as pow.worker.ts does in the browser. */
class SolvingWorker extends FakeWorker {
  override postMessage(work: PowWork) {
    super.postMessage(work);
    void solveChallenge({ ...work, deriveKey }).then((solution) => {
      if (solution !== null && !this.terminated)
        this.report({ type: 'solved', counter: solution.counter, derivedKey: solution.derivedKey });
    });
  }
}

function api(challenge: PowChallenge): SignUpApi {
  return {
    sponsorCard: () => new Promise(() => {}),
    challenge: async () => challenge,
    join: () => new Promise(() => {}),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the solver actor', () => {
  it('spreads counters, sums progress, sends the first solution and stops every worker', async () => {
    const challenge = (await newChallenge(config)) as PowChallenge;
    const workers: FakeWorker[] = [];
    const logic = provideSignUp({
      api: api(challenge),
      joined: () => {},
      concurrency: 3,
      createWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
    });
    const actor = createActor(logic, { input: { alias: 'alice' } }).start();
    await waitFor(actor, (s) => s.matches({ active: { proof: 'solving' } }));
    expect(workers.map((w) => w.work && [w.work.counterStart, w.work.counterStep])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    workers[0]?.report({ type: 'progress', attempts: 10 });
    workers[2]?.report({ type: 'progress', attempts: 7 });
    expect(actor.getSnapshot().context.powAttempts).toBe(17);
    workers[1]?.report({ type: 'solved', counter: 4, derivedKey: 'ab' });
    expect(actor.getSnapshot().context.solution).toBe(
      powPayload(challenge, { counter: 4, derivedKey: 'ab' }),
    );
    expect(workers.every((w) => w.terminated)).toBe(true);
    actor.stop();
  });

  it('fails only when every worker has failed', async () => {
    const challenge = (await newChallenge(config)) as PowChallenge;
    const workers: FakeWorker[] = [];
    const logic = provideSignUp({
      api: api(challenge),
      joined: () => {},
      concurrency: 2,
      createWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
    });
    const actor = createActor(logic, { input: { alias: 'alice' } }).start();
    await waitFor(actor, (s) => s.matches({ active: { proof: 'solving' } }));
    workers[0]?.report({ type: 'failed', code: 'POW_FAILED' });
    expect(actor.getSnapshot().matches({ active: { proof: 'solving' } })).toBe(true);
    workers[1]?.report({ type: 'failed', code: 'POW_UNSUPPORTED' });
    expect(actor.getSnapshot().matches({ active: { proof: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.powError).toBe('POW_UNSUPPORTED');
    actor.stop();
  });

  it("solves a server challenge with the browser's WebCrypto into a payload the server verifies", async () => {
    const challenge = (await newChallenge(config)) as PowChallenge;
    const logic = provideSignUp({
      api: api(challenge),
      joined: () => {},
      concurrency: 2,
      createWorker: () => new SolvingWorker(),
    });
    const actor = createActor(logic, { input: { alias: 'alice' } }).start();
    const solved = await waitFor(actor, (s) => s.context.solution !== null, { timeout: 10_000 });
    const text = solved.context.solution ?? '';
    expect(await checkSolution(config, text)).toMatchObject({ ok: true, signature: challenge.signature });
    actor.stop();
  });
});

describe('powConcurrency', () => {
  it('keeps a core for the page, between 1 and 4 workers', () => {
    expect(powConcurrency(1)).toBe(1);
    expect(powConcurrency(2)).toBe(1);
    expect(powConcurrency(4)).toBe(3);
    expect(powConcurrency(16)).toBe(4);
    expect(powConcurrency(undefined)).toBe(1);
  });
});
