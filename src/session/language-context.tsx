import { createContext, useContext } from 'react';
import type { LanguageEvent } from '../../machines/language/language.types.ts';
import type { LanguageSnapshot } from '../../machines/language/language.selectors.ts';
import { languageStartSnapshot } from '../../machines/language/language.start.ts';
import { DeferredActor, useDeferredSelector } from './deferred-actor.ts';

export type LanguageActor = DeferredActor<LanguageSnapshot, LanguageEvent>;

/** The app-wide language actor before its machine has loaded: it starts `idle` and keeps events in order. */
export function createLanguageActor(onWaiting?: () => void): LanguageActor {
  return new DeferredActor<LanguageSnapshot, LanguageEvent>(languageStartSnapshot(), onWaiting);
}

const LanguageActorContext = createContext<LanguageActor | null>(null);

/** Provides the app-wide language actor (the auth provider does, `src/session/auth-context.tsx`). */
export const LanguageActorProvider = LanguageActorContext.Provider;

function useLanguageActor(): LanguageActor {
  const actor = useContext(LanguageActorContext);
  if (actor === null) throw new Error('The language actor is used outside its provider');
  return actor;
}

/**
 * The app-wide language actor: the header's switcher and the personal page's field send it the same events. Its
 * machine runs in the session chunk (`session-runtime.tsx`); until then the views read its start state.
 */
export const LanguageContext = {
  useActorRef(): Pick<LanguageActor, 'send'> {
    return useLanguageActor();
  },
  useSelector<T>(selector: (snapshot: LanguageSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
    return useDeferredSelector(useLanguageActor(), selector, compare);
  },
};
