import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { languageMachine } from '#machines/language/language.machine.ts';
import {
  selectIsSwitching,
  selectPendingLocale,
  selectSignedOutChoice,
} from '#machines/language/language.selectors.ts';

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
      actions: {
        rememberUnsaved: (_, { locale }) => calls.push(`remember:${locale}`),
        forgetUnsaved: () => calls.push('forget'),
        restoreActive: () => calls.push('restore'),
      },
    }),
  );
  actor.on('language.failed', ({ error }) => failures.push(error));
  actor.start();
  return { actor, calls, failures };
}

describe('the language switch machine', () => {
  it('keeps the choice locally first, saves it on the server, then applies it when logged in', async () => {
    const { actor, calls, failures } = start();
    actor.send({ type: 'language.select', locale: 'ro', authenticated: true });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(selectIsSwitching(actor.getSnapshot())).toBe(true);
    expect(selectPendingLocale(actor.getSnapshot())).toBe('ro');
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls).toEqual(['remember:ro', 'save:ro', 'forget', 'apply:ro']);
    expect(failures).toEqual([]);
    expect(selectPendingLocale(actor.getSnapshot())).toBeNull();
  });

  it('applies at once, without a call, when logged out', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'language.select', locale: 'it', authenticated: false });
    expect(actor.getSnapshot().value).toBe('applying');
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls).toEqual(['forget', 'apply:it']);
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

  it('restores the active language and reports the error when the server refuses', async () => {
    const { actor, calls, failures } = start({ saveFails: true });
    actor.send({ type: 'language.select', locale: 'uk', authenticated: true });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls).toEqual(['remember:uk', 'save:uk', 'restore']);
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
    expect(calls).toEqual(['remember:ro', 'save:ro', 'forget', 'apply:ro']);
  });
});

describe('the language switch machine across a reload', () => {
  it('marks a signed-out choice unsaved once a sign-in takes it along, and not without one', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'language.choiceTaken' });
    expect(calls).toEqual([]);
    actor.send({ type: 'language.select', locale: 'en', authenticated: false });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'language.choiceTaken' });
    expect(calls).toEqual(['forget', 'apply:en', 'remember:en']);
    expect(selectSignedOutChoice(actor.getSnapshot())).toBeNull();
    // The sign-in saved it: the server answers the user with it, and the mark goes.
    actor.send({ type: 'language.reconcile', serverLocale: 'en', unsaved: 'en' });
    expect(calls.at(-1)).toBe('forget');
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('marks the signed-out choice unsaved when the sign-in is sent while its catalog still loads', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'language.select', locale: 'en', authenticated: false });
    expect(actor.getSnapshot().value).toBe('applying');
    // Submitted before the catalog is active: a reload after the sign-in must still find the choice kept.
    actor.send({ type: 'language.choiceTaken' });
    expect(actor.getSnapshot().value).toBe('applying');
    expect(calls).toEqual(['forget', 'apply:en', 'remember:en']);
    expect(selectSignedOutChoice(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    // After the reload the server still has the old language: the kept choice is saved.
    actor.send({ type: 'language.reconcile', serverLocale: 'ru', unsaved: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls.slice(3)).toEqual(['save:en', 'forget', 'apply:en']);
  });

  it('saves a choice kept from before the reload when the server still has the old language', async () => {
    const { actor, calls, failures } = start();
    actor.send({ type: 'language.reconcile', serverLocale: 'ru', unsaved: 'en' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(selectPendingLocale(actor.getSnapshot())).toBe('en');
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls).toEqual(['save:en', 'forget', 'apply:en']);
    expect(failures).toEqual([]);
    // The answered user now says 'en' and the mark is gone: nothing more to do.
    actor.send({ type: 'language.reconcile', serverLocale: 'en', unsaved: null });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toHaveLength(3);
  });

  it('only drops the mark when the server already has the kept choice, and does nothing without one', () => {
    const { actor, calls } = start();
    actor.send({ type: 'language.reconcile', serverLocale: 'it', unsaved: 'it' });
    expect(calls).toEqual(['forget']);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'language.reconcile', serverLocale: 'uk', unsaved: null });
    expect(calls).toEqual(['forget']);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('restores the active language when saving the kept choice again is refused', async () => {
    const { actor, calls, failures } = start({ saveFails: true });
    actor.send({ type: 'language.reconcile', serverLocale: 'ru', unsaved: 'en' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls).toEqual(['save:en', 'restore']);
    expect(failures).toHaveLength(1);
  });

  it('lets a running save answer an older reading of the user', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'language.select', locale: 'ro', authenticated: true });
    actor.send({ type: 'language.reconcile', serverLocale: 'ru', unsaved: 'ro' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(calls).toEqual(['remember:ro', 'save:ro', 'forget', 'apply:ro']);
  });

  it('keeps a reconcile that arrives while a catalogue is applied, and saves the choice once it is (no lost save)', async () => {
    const { actor, calls } = start();
    // A signed-out choice is being applied when the server answers the signed-in user without it.
    actor.send({ type: 'language.select', locale: 'en', authenticated: false });
    expect(actor.getSnapshot().value).toBe('applying');
    actor.send({ type: 'language.reconcile', serverLocale: 'ru', unsaved: 'en' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('idle') && calls.includes('apply:en') && calls.length >= 5,
    );
    expect(calls).toEqual(['forget', 'apply:en', 'save:en', 'forget', 'apply:en']);
    expect(actor.getSnapshot().context.deferredSave).toBeNull();
  });
});
