import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, fromPromise } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import type { AuthInput } from '../../machines/auth/auth.types.ts';
import { emailConfirmationMachine } from '../../machines/auth/email-confirmation.machine.ts';
import { passwordRecoveryMachine } from '../../machines/auth/password-recovery.machine.ts';
import { makeToken, userFixture, warehouseFixture } from '../machines/auth/support.ts';
import { assertFullCoverage } from './support/coverage.ts';
import { type Evt, generatePaths, type PathSet, type Snap } from './support/model-paths.ts';
import { runPathOnMachine } from './support/run-path.ts';

/**
 * Model-based paths of the auth machines, generated from the production machines with `xstate/graph` (no second
 * model). Actor results and timers are events of the path (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`,
 * `xstate.after.<delay>.<state id>`); the machines run with actors that never settle, so only the path's events
 * move them. Every state, every reachable edge and every transition of the definitions is walked.
 */

const nowSeconds = Math.floor(Date.now() / 1000);
const HOUR = 3600;
/** Expires in an hour: the expiry timer ends the session when it fires. */
const shortToken = makeToken({ sub: '7', exp: nowSeconds + HOUR, wh: false, par: true });
/** Expires in 60 days, beyond what one timer can wait: the timer re-arms. */
const longToken = makeToken({ sub: '9', exp: nowSeconds + 60 * 24 * HOUR, wh: true, par: false });
const expiredToken = makeToken({ sub: '7', exp: nowSeconds - HOUR, wh: false, par: false });

const never = <T>() => fromPromise<T>(() => new Promise<T>(() => {}));

const machine = authMachine.provide({
  actors: {
    login: fromPromise<string, { email: string; password: string }>(() => new Promise<string>(() => {})),
    fetchUser: never(),
    fetchWarehouse: never(),
    resendConfirmation: never(),
  },
});

type AuthMachineUnderTest = typeof machine;
type AuthEvt = Evt<AuthMachineUnderTest>;

/** Results of invoked actors and fired timers, sent as the events XState itself would send. */
function systemEvent(event: { type: string; [key: string]: unknown }): AuthEvt {
  return event as unknown as AuthEvt;
}

const userEvents: AuthEvt[] = [
  { type: 'auth.login', email: 'ana@example.com', password: 'secret-1' },
  { type: 'auth.logout' },
  { type: 'auth.unauthorized' },
  { type: 'auth.user.refresh' },
  { type: 'auth.confirmation.resend' },
  { type: 'auth.token.renewed', token: shortToken },
  { type: 'auth.token.renewed', token: expiredToken },
];

const actorEvents: AuthEvt[] = [
  systemEvent({ type: 'xstate.after.0.auth.initialising' }),
  systemEvent({ type: 'xstate.done.actor.login', output: shortToken }),
  systemEvent({ type: 'xstate.done.actor.login', output: expiredToken }),
  systemEvent({ type: 'xstate.error.actor.login', error: { status: 401, code: 'INVALID_CREDENTIALS' } }),
  systemEvent({ type: 'xstate.done.actor.fetchUser', output: userFixture() }),
  systemEvent({ type: 'xstate.done.actor.fetchUser', output: userFixture({ emailConfirmed: false }) }),
  systemEvent({ type: 'xstate.error.actor.fetchUser', error: { status: 500, message: 'Unknown error' } }),
  systemEvent({ type: 'xstate.done.actor.fetchWarehouse', output: warehouseFixture }),
  systemEvent({ type: 'xstate.error.actor.fetchWarehouse', error: { status: 404, code: 'NOT_FOUND' } }),
  systemEvent({ type: 'xstate.done.actor.resendConfirmation', output: undefined }),
  systemEvent({
    type: 'xstate.error.actor.resendConfirmation',
    error: { status: 429, code: 'RATE_LIMITED' },
  }),
  systemEvent({
    type: 'xstate.error.actor.resendConfirmation',
    error: { status: 409, code: 'EMAIL_ALREADY_CONFIRMED' },
  }),
  systemEvent({ type: 'xstate.after.tokenExpiry.auth.authenticated.expiry.watching' }),
];

const allEvents = [...userEvents, ...actorEvents];

/**
 * Start-ups the spec names. After one session has started, logging in again, a 401 or the timer are explored
 * only from the no-token start (the others would repeat the same graph with another token).
 */
const starts: Array<{ label: string; input: AuthInput }> = [
  { label: 'no token', input: { initialUrl: '/', storedToken: null } },
  { label: 'valid query token', input: { initialUrl: `/?token=${shortToken}`, storedToken: null } },
  { label: 'invalid query token', input: { initialUrl: `/?token=${expiredToken}`, storedToken: longToken } },
  { label: 'valid cookie token, long-lived', input: { initialUrl: '/dashboard', storedToken: longToken } },
  { label: 'expired cookie token', input: { initialUrl: '/dashboard', storedToken: expiredToken } },
];

function authPaths(): Array<PathSet<AuthMachineUnderTest>> {
  return starts.map(({ label, input }) =>
    generatePaths(machine, {
      label,
      input,
      // Keep the graph finite and small: once a session has ended, the no-token start already explores the rest.
      events: (snapshot: Snap<AuthMachineUnderTest>) =>
        label !== 'no token' && snapshot.context.logoutReason !== null ? [] : allEvents,
    }),
  );
}

describe('auth machine paths', () => {
  const sets = authPaths();

  it('cover every state, edge and transition of the machine', () => {
    const report = assertFullCoverage(machine as AnyStateMachine, sets);
    expect(report.counts.paths).toBeGreaterThan(20);
    expect(report.missingTransitions).toEqual([]);
  });

  for (const set of sets) {
    describe(set.label, () => {
      for (const path of set.paths) {
        it(path.description, () => {
          const walk = runPathOnMachine(machine, path);
          expect(walk.transitions.size).toBeGreaterThan(0);
        });
      }
    });
  }
});

const recoveryMachine = passwordRecoveryMachine.provide({
  actors: {
    requestReset: fromPromise<void, { email: string }>(() => new Promise<void>(() => {})),
    completeReset: fromPromise<void, { token: string; password: string; passwordConfirmation: string }>(
      () => new Promise<void>(() => {}),
    ),
  },
});
type RecoveryEvt = Evt<typeof recoveryMachine>;

const recoveryEvents: RecoveryEvt[] = [
  { type: 'recovery.request', email: 'ana@example.com' },
  { type: 'recovery.reset', password: 'newpass123', passwordConfirmation: 'newpass123' },
  { type: 'recovery.restart' },
  ...[
    { type: 'xstate.done.actor.requestReset', output: undefined },
    { type: 'xstate.error.actor.requestReset', error: { status: 429, code: 'RATE_LIMITED' } },
    { type: 'xstate.done.actor.completeReset', output: undefined },
    { type: 'xstate.error.actor.completeReset', error: { status: 422, code: 'INVALID_TOKEN' } },
  ].map((event) => event as unknown as RecoveryEvt),
];

describe('password recovery machine paths', () => {
  const sets = [
    generatePaths(recoveryMachine, {
      label: 'without a link',
      input: { resetToken: null },
      events: () => recoveryEvents,
    }),
    generatePaths(recoveryMachine, {
      label: 'with a reset link',
      input: { resetToken: 'a1B2c3D4e5F6g7H8i9J0' },
      events: () => recoveryEvents,
    }),
  ];

  it('cover every state, edge and transition of the machine', () => {
    const report = assertFullCoverage(recoveryMachine as AnyStateMachine, sets);
    expect(report.counts.paths).toBeGreaterThan(5);
  });

  for (const set of sets) {
    for (const path of set.paths) {
      it(path.description, () => {
        expect(runPathOnMachine(recoveryMachine, path).transitions.size).toBeGreaterThan(0);
      });
    }
  }
});

const confirmationMachine = emailConfirmationMachine.provide({
  actors: { confirmEmail: fromPromise<void, { token: string }>(() => new Promise<void>(() => {})) },
});
type ConfirmationEvt = Evt<typeof confirmationMachine>;

const confirmationEvents: ConfirmationEvt[] = [
  { type: 'confirmation.retry' },
  ...[
    { type: 'xstate.done.actor.confirmEmail', output: undefined },
    { type: 'xstate.error.actor.confirmEmail', error: { status: 500, code: 'NETWORK_ERROR' } },
  ].map((event) => event as unknown as ConfirmationEvt),
];

describe('e-mail confirmation machine paths', () => {
  const sets = [
    generatePaths(confirmationMachine, {
      label: 'with a link',
      input: { token: 'a1B2c3D4e5F6g7H8i9J0' },
      events: () => confirmationEvents,
    }),
    generatePaths(confirmationMachine, {
      label: 'without a token',
      input: { token: null },
      events: () => confirmationEvents,
    }),
  ];

  it('cover every state, edge and transition of the machine', () => {
    expect(assertFullCoverage(confirmationMachine as AnyStateMachine, sets).counts.paths).toBeGreaterThan(2);
  });

  for (const set of sets) {
    for (const path of set.paths) {
      it(path.description, () => {
        expect(runPathOnMachine(confirmationMachine, path).transitions.size).toBeGreaterThan(0);
      });
    }
  }
});
