// @vitest-environment jsdom
// The language save as the app provides it (src/session/language.actors.ts): a refusal drops the locally kept choice,
// no answer keeps it marked unsaved so the next answered /users/me saves it again.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiRequestError, CLIENT_ERROR_CODES } from '#src/api/errors.ts';
import { provideLanguage } from '#src/session/language.actors.ts';
import { unsavedLocale } from '#src/i18n/language-choice.ts';

function saveFailingWith(error: unknown) {
  const setLang = vi.fn(async () => {
    throw error;
  });
  const applyLocale = vi.fn(async () => undefined);
  const actor = createActor(
    provideLanguage({ api: { setLang }, queryClient: new QueryClient(), applyLocale }),
  ).start();
  actor.send({ type: 'language.select', locale: 'en', authenticated: true });
  return { actor, setLang, applyLocale };
}

afterEach(() => localStorage.clear());

describe('a failed language save', () => {
  it('with no answer (network error) keeps the choice marked unsaved', async () => {
    const { actor, setLang } = saveFailingWith(
      new ApiRequestError({ status: 500, code: CLIENT_ERROR_CODES.network, message: 'Failed to fetch' }),
    );
    expect(unsavedLocale()).toBe('en');
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && setLang.mock.calls.length === 1);
    expect(unsavedLocale()).toBe('en');
  });

  it('refused by the server drops the mark', async () => {
    const { actor, setLang } = saveFailingWith(
      new ApiRequestError({ status: 422, code: 'VALIDATION_FAILED', message: 'no' }),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && setLang.mock.calls.length === 1);
    expect(unsavedLocale()).toBeNull();
  });
});
