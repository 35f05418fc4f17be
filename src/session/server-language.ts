/**
 * Tells the language machine the language the server has for the signed-in user each time `/users/me` is answered
 * (read, or returned by a save), with the choice kept locally that the server had not confirmed: the machine
 * reconciles the two (`language.reconcile`). Returns the unsubscribe.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LanguageEvent } from '../../machines/language/language.types.ts';
import { normalizeLocale } from '../i18n/i18n.ts';
import { unsavedLocale } from '../i18n/language-choice.ts';
import type { Me } from '../data/account.ts';
import { accountKeys } from '../data/keys.ts';

const ME_KEY = JSON.stringify(accountKeys.me());

export function followServerLanguage(
  queryClient: QueryClient,
  send: (event: LanguageEvent) => void,
): () => void {
  const tell = () => {
    const me = queryClient.getQueryData<Me>(accountKeys.me());
    if (typeof me?.lang !== 'string') return;
    send({ type: 'language.reconcile', serverLocale: normalizeLocale(me.lang), unsaved: unsavedLocale() });
  };
  tell();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey) === ME_KEY) tell();
  });
}
