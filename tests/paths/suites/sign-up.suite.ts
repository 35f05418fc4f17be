import { type Actor, fromCallback, fromPromise } from 'xstate';
import { signUpMachine } from '#machines/sign-up/sign-up.machine.ts';
import type {
  JoinRequest,
  JoinResult,
  PowChallenge,
  SignUpEvent,
  SignUpForm,
  SponsorCard,
} from '#machines/sign-up/sign-up.types.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';
import { unsolvedChallenge } from '#tests/support/pow-fixtures.ts';

/**
 * Signing up under a sponsor: the card (found, unknown, failing), the proof of work (fetched, progressing, solved,
 * failed, expiring) beside it, and the form (sent before or after the proof, accepted, refused on a field, refused
 * for its proof). The solver's messages (`pow.progress`, `pow.solved`, `pow.failed`) are machine events, sent as the
 * workers would; the actors never settle, so their results are path events.
 */

const never = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => {}));

export const signUpPathMachine = signUpMachine.provide({
  actors: {
    loadCard: never<SponsorCard, { alias: string }>(),
    fetchChallenge: never<PowChallenge, void>(),
    solveChallenge: fromCallback<SignUpEvent, PowChallenge>(() => () => {}),
    join: never<JoinResult, JoinRequest>(),
  },
});
type Machine = typeof signUpPathMachine;
type SEvt = Evt<Machine>;

const card: SponsorCard = {
  alias: 'alice',
  prn: 'MD1000042',
  fullName: 'Alice Popescu',
  city: null,
  warehouses: [{ id: 1, name: { ru: 'С', en: 'S', ro: 'D', uk: 'С', it: 'M' }, city: 'Chișinău' }],
  documents: [
    { id: 'ethics_code', title: { ru: 'К', en: 'C', ro: 'C', uk: 'К', it: 'C' }, edition: '2025-01' },
  ],
};

const challenge = unsolvedChallenge();

const form: SignUpForm = {
  fullName: 'Ion Rusu',
  email: 'ion@example.com',
  phone: '+373 69 000 001',
  city: 'Chișinău',
  warehouseId: 1,
  password: 'a long pass phrase',
  birthDate: '1990-05-01',
  consents: { ethics_code: '2025-01' },
};

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as SEvt;

const events: SEvt[] = [
  system({ type: 'xstate.done.actor.loadCard', output: card }),
  system({ type: 'xstate.error.actor.loadCard', error: { status: 404, code: 'NOT_FOUND' } }),
  system({ type: 'xstate.error.actor.loadCard', error: { status: 500, code: 'NETWORK_ERROR' } }),
  system({ type: 'xstate.done.actor.fetchChallenge', output: challenge }),
  system({ type: 'xstate.error.actor.fetchChallenge', error: { status: 429, code: 'RATE_LIMITED' } }),
  { type: 'pow.progress', attempts: 420 },
  { type: 'pow.solved', payload: 'c29sdmVk' },
  { type: 'pow.failed', code: 'POW_UNSUPPORTED' },
  system({ type: 'xstate.after.proofExpiry.signUp.active.proof.solved' }),
  { type: 'signUp.submit', form },
  { type: 'signUp.retry' },
  system({
    type: 'xstate.done.actor.join',
    output: { prn: 'MD1000099', access_token: 'token', token_type: 'Bearer' },
  }),
  system({ type: 'xstate.error.actor.join', error: { status: 409, code: 'EMAIL_TAKEN' } }),
  system({ type: 'xstate.error.actor.join', error: { status: 422, code: 'CHALLENGE_FAILED' } }),
];

/** Progress once per challenge (attempts grow without end otherwise); a refused form is sent again once. */
function candidateEvents(snapshot: Snap<Machine>): SEvt[] {
  const { powAttempts, refusal } = snapshot.context;
  return events.filter((event) => {
    // System events are typed as the machine's own: compare the type as the string it is.
    const type: string = event.type;
    if (type === 'pow.progress') return powAttempts === 0;
    if (type === 'xstate.error.actor.join') return refusal === null;
    return true;
  });
}

const send = (event: SignUpEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const signUpMachineExecutors = {
  'signUp.submit': send,
  'signUp.retry': send,
  'pow.progress': send,
  'pow.solved': send,
  'pow.failed': send,
  'pow.renew': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const signUpSuite = definePathSuite({
  name: 'sign-up',
  file: 'machines/sign-up/sign-up.machine.ts',
  machine: signUpPathMachine,
  sets: () => [
    generatePaths(signUpPathMachine, {
      label: 'join link',
      input: { alias: 'alice' },
      events: candidateEvents,
    }),
    // The page the server rendered with the sponsor's card: the form from the first moment.
    generatePaths(signUpPathMachine, {
      label: 'join link rendered with its card',
      input: { alias: 'alice', card },
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(signUpPathMachine, signUpMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/routes/public/join.test.ts drives POST /public/join by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/network/join.spec.ts signs up, meets a refusal and an invalid link by hand',
  },
});
