/**
 * How the language machine starts, without xstate: `idle` with nothing pending and no signed-out choice. The app
 * renders it before the machine's chunk has loaded (`src/session/language-context.tsx`).
 */
import { matchesValue, type StateValueLike } from '../auth/auth.start.ts';
import type { LanguageContext } from './language.types.ts';

export function languageStartContext(): LanguageContext {
  return { pending: null, signedOutChoice: null, deferredSave: null };
}

export function languageStartSnapshot(): {
  context: LanguageContext;
  matches(test: StateValueLike): boolean;
} {
  return { context: languageStartContext(), matches: (test) => matchesValue('idle', test) };
}
