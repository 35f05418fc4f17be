import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { provideLanguage } from '#src/session/language.actors.ts';
import { accountKeys } from '#src/data/keys.ts';

/** The language machine's actors as the app provides them (`provideLanguage(deps)`), over fake calls. */

describe('provideLanguage', () => {
  it('saves a signed-in choice, stores the answered user, then applies the language', async () => {
    const me = { id: 7, email: 'ana@example.com', lang: 'en' };
    const setLang = vi.fn(async () => me as never);
    const applyLocale = vi.fn(async () => undefined);
    const queryClient = new QueryClient();
    const actor = createActor(provideLanguage({ api: { setLang }, queryClient, applyLocale })).start();
    actor.send({ type: 'language.select', locale: 'en-GB', authenticated: true });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && applyLocale.mock.calls.length === 1);
    expect(setLang).toHaveBeenCalledWith('en');
    expect(queryClient.getQueryData(accountKeys.me())).toEqual(me);
    expect(applyLocale).toHaveBeenCalledWith('en-GB');
  });
});
