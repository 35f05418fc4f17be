import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { languageMachine } from '../../../machines/language/language.machine.ts';
import {
  selectIsSwitching,
  selectPendingLocale,
  selectSignedOutChoice,
} from '../../../machines/language/language.selectors.ts';

function start(options: { saveFails?: boolean; applyFails?: boolean } = {}) {
  const calls: string[] = [];
  const failures: unknown[] = [];
  const actor = createActor(
    languageMachine.provide({
      actors: {
        saveLanguage: fromPromise<void, { locale: string }>(async ({ input }) => {
          calls.push(`save:${input.locale}`);
          if (options.saveFails) throw { status: 422, code: 'VALIDATION_FAILED' };
        }),
        applyLocale: fromPromise<void, { locale: string }>(async ({ input }) => {
          calls.push(`apply:${input.locale}`);
          if (options.applyFails) throw new Error('chunk failed');
        }),
      },
    }),
  );
  actor.on('language.failed', ({ error }) => failures.push(error));
  actor.start();
  return { actor, calls, failures };
}

describe('the language switch machine', () => {
  it('saves the choice on the server before applying it when logged in', async () => {
    const { actor, calls, failures } = start();
    actor.send({ type: 'language.select', locale: 'ro', authenticated: true });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(selectIsSwitching(actor.getSnapshot())).toBe(true);
    expect(selectPendingLocale(actor.getSnapshot())).toBe('ro');
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls).toEqual(['save:ro', 'apply:ro']);
    expect(failures).toEqual([]);
    expect(selectPendingLocale(actor.getSnapshot())).toBeNull();
  });

  it('applies at once, without a call, when logged out', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'language.select', locale: 'it', authenticated: false });
    expect(actor.getSnapshot().value).toBe('applying');
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls).toEqual(['apply:it']);
  });

  it('remembers a signed-out choice for the next sign-in, once (issue 13.5)', async () => {
    const { actor } = start();
    expect(selectSignedOutChoice(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'language.select', locale: 'en', authenticated: false });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(selectSignedOutChoice(actor.getSnapshot())).toBe('en');
    actor.send({ type: 'language.choiceTaken' });
    expect(selectSignedOutChoice(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'language.select', locale: 'it', authenticated: false });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'language.select', locale: 'uk', authenticated: true });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(selectSignedOutChoice(actor.getSnapshot())).toBeNull();
  });

  it('changes nothing and reports the error when the server refuses', async () => {
    const { actor, calls, failures } = start({ saveFails: true });
    actor.send({ type: 'language.select', locale: 'uk', authenticated: true });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls).toEqual(['save:uk']);
    expect(failures).toEqual([{ status: 422, code: 'VALIDATION_FAILED' }]);
  });

  it('reports a catalog that fails to load', async () => {
    const { actor, failures } = start({ applyFails: true });
    actor.send({ type: 'language.select', locale: 'en', authenticated: false });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(failures).toHaveLength(1);
  });

  it('ignores another choice while a switch runs', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'language.select', locale: 'ro', authenticated: true });
    actor.send({ type: 'language.select', locale: 'it', authenticated: true });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls).toEqual(['save:ro', 'apply:ro']);
  });
});
