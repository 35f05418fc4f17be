import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { emailConfirmationMachine } from '#machines/auth/email-confirmation.machine.ts';
import { settle } from '../../support/auth.ts';

function startConfirmation(token: string | null, confirmEmail: (input: { token: string }) => Promise<void>) {
  const confirm = vi.fn(confirmEmail);
  const emailConfirmed = vi.fn();
  const actor = createActor(
    emailConfirmationMachine.provide({
      actors: { confirmEmail: fromPromise(({ input }) => confirm(input)) },
      actions: { emailConfirmed },
    }),
    { input: { token } },
  );
  actor.start();
  return { actor, confirm, emailConfirmed };
}

describe('e-mail confirmation link', () => {
  it('confirms the token at once and tells the session', async () => {
    const { actor, confirm, emailConfirmed } = startConfirmation(
      'a1B2c3D4e5F6g7H8i9J0',
      async () => undefined,
    );
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    await settle();
    expect(confirm).toHaveBeenCalledWith({ token: 'a1B2c3D4e5F6g7H8i9J0' });
    expect(actor.getSnapshot().matches('confirmed')).toBe(true);
    expect(emailConfirmed).toHaveBeenCalledTimes(1);
  });

  it('fails with INVALID_TOKEN without a token, calling nothing', () => {
    const { actor, confirm } = startConfirmation(null, async () => undefined);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('INVALID_TOKEN');
    actor.send({ type: 'confirmation.retry' });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('keeps the code of a failure and can try again', async () => {
    const confirmEmail = vi
      .fn<(input: { token: string }) => Promise<void>>()
      .mockRejectedValueOnce({ status: 500, code: 'NETWORK_ERROR' })
      .mockResolvedValueOnce(undefined);
    const { actor } = startConfirmation('a1B2c3D4e5F6g7H8i9J0', confirmEmail);
    await settle();
    expect(actor.getSnapshot().context.error).toBe('NETWORK_ERROR');
    actor.send({ type: 'confirmation.retry' });
    await settle();
    expect(actor.getSnapshot().matches('confirmed')).toBe(true);
  });
});
