import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { passwordRecoveryMachine } from '#machines/auth/password-recovery.machine.ts';
import {
  selectIsSubmitting,
  selectRecoveryError,
  selectRecoveryView,
  selectRequestedEmail,
} from '#machines/auth/password-recovery.selectors.ts';
import { settle } from '../../support/auth.ts';

function startRecovery(
  resetToken: string | null,
  fakes: {
    requestReset?: (input: { email: string }) => Promise<void>;
    completeReset?: (input: {
      token: string;
      password: string;
      passwordConfirmation: string;
    }) => Promise<void>;
  } = {},
) {
  const requestReset = vi.fn(fakes.requestReset ?? (async () => undefined));
  const completeReset = vi.fn(fakes.completeReset ?? (async () => undefined));
  const reportError = vi.fn();
  const actor = createActor(
    passwordRecoveryMachine.provide({
      actors: {
        requestReset: fromPromise(({ input }) => requestReset(input)),
        completeReset: fromPromise(({ input }) => completeReset(input)),
      },
      actions: { reportError: (_, params) => reportError(params) },
    }),
    { input: { resetToken } },
  );
  actor.start();
  return { actor, requestReset, completeReset, reportError };
}

const RESET_TOKEN = 'a1B2c3D4e5F6g7H8i9J0';

describe('password recovery: request by e-mail', () => {
  it('starts on the request form without a token and sends the address', async () => {
    const { actor, requestReset } = startRecovery(null);
    expect(selectRecoveryView(actor.getSnapshot())).toBe('request');
    actor.send({ type: 'recovery.request', email: 'ana@example.com' });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    await settle();
    expect(requestReset).toHaveBeenCalledWith({ email: 'ana@example.com' });
    expect(selectRecoveryView(actor.getSnapshot())).toBe('requested');
    expect(selectRequestedEmail(actor.getSnapshot())).toBe('ana@example.com');
  });

  it('keeps the error code and reports a failure, then allows another try', async () => {
    const failure = { status: 429, code: 'RATE_LIMITED' };
    const { actor, reportError } = startRecovery(null, { requestReset: () => Promise.reject(failure) });
    actor.send({ type: 'recovery.request', email: 'ana@example.com' });
    await settle();
    expect(selectRecoveryView(actor.getSnapshot())).toBe('request');
    expect(selectRecoveryError(actor.getSnapshot())).toBe('RATE_LIMITED');
    expect(reportError).toHaveBeenCalledWith({ error: failure });
    actor.send({ type: 'recovery.request', email: 'ana@example.com' });
    expect(selectRecoveryError(actor.getSnapshot())).toBeNull();
  });

  it('goes back to the form to ask again', async () => {
    const { actor } = startRecovery(null);
    actor.send({ type: 'recovery.request', email: 'ana@example.com' });
    await settle();
    actor.send({ type: 'recovery.restart' });
    expect(selectRecoveryView(actor.getSnapshot())).toBe('request');
    expect(selectRequestedEmail(actor.getSnapshot())).toBeNull();
  });
});

describe('password recovery: reset with the token from the link', () => {
  it('starts on the new-password form and sends token, password and confirmation', async () => {
    const { actor, completeReset } = startRecovery(RESET_TOKEN);
    expect(selectRecoveryView(actor.getSnapshot())).toBe('reset');
    actor.send({ type: 'recovery.reset', password: 'newpass123', passwordConfirmation: 'newpass123' });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    await settle();
    expect(completeReset).toHaveBeenCalledWith({
      token: RESET_TOKEN,
      password: 'newpass123',
      passwordConfirmation: 'newpass123',
    });
    expect(selectRecoveryView(actor.getSnapshot())).toBe('done');
  });

  it('keeps INVALID_TOKEN for a spent or expired link, and can ask for a new one', async () => {
    const failure = { status: 422, code: 'INVALID_TOKEN' };
    const { actor, reportError } = startRecovery(RESET_TOKEN, {
      completeReset: () => Promise.reject(failure),
    });
    actor.send({ type: 'recovery.reset', password: 'newpass123', passwordConfirmation: 'newpass123' });
    await settle();
    expect(selectRecoveryView(actor.getSnapshot())).toBe('reset');
    expect(selectRecoveryError(actor.getSnapshot())).toBe('INVALID_TOKEN');
    expect(reportError).toHaveBeenCalledWith({ error: failure });
    actor.send({ type: 'recovery.restart' });
    expect(selectRecoveryView(actor.getSnapshot())).toBe('request');
    expect(actor.getSnapshot().context.resetToken).toBeNull();
  });
});
