import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { languageMachine, type LanguageInput } from '../../machines/language/language.machine.ts';
import { reportFailure } from '../api/failure-bridge.ts';
import { normalizeLocale } from '../i18n/i18n.ts';
import { unsavedLocale } from '../i18n/language-choice.ts';
import { accountApi, type Me } from './account.ts';
import { accountKeys } from './keys.ts';
import { provideLanguage } from './language.actors.ts';

/** The app-wide language actor: the header's switcher and the personal page's field send it the same events. */
export const LanguageContext = createActorContext(languageMachine);

/** Shows a failed switch (the machine emits `language.failed`) through the app's failure toast. */
function LanguageFailures() {
  const actorRef = LanguageContext.useActorRef();
  useEffect(() => {
    const subscription = actorRef.on('language.failed', ({ error }) => reportFailure(error));
    return () => subscription.unsubscribe();
  }, [actorRef]);
  return null;
}

const ME_KEY = JSON.stringify(accountKeys.me());

function serverLocaleIn(queryClient: QueryClient): string | null {
  const me = queryClient.getQueryData<Me>(accountKeys.me());
  return typeof me?.lang === 'string' ? normalizeLocale(me.lang) : null;
}

/** Tells the machine the language the server has for the signed-in user, each time `/users/me` is answered. */
function ServerLanguage() {
  const actorRef = LanguageContext.useActorRef();
  const queryClient = useQueryClient();
  useEffect(() => {
    const tell = () => {
      const serverLocale = serverLocaleIn(queryClient);
      if (serverLocale !== null) actorRef.send({ type: 'language.reconcile', serverLocale });
    };
    tell();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (JSON.stringify(event.query.queryKey) === ME_KEY) tell();
    });
  }, [actorRef, queryClient]);
  return null;
}

/** Mounts the language actor once for the app (inside the query cache's provider). */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const logic = useMemo(() => provideLanguage({ api: accountApi, queryClient }), [queryClient]);
  const [input] = useState<LanguageInput>(() => ({ unsaved: unsavedLocale() }));
  return (
    <LanguageContext.Provider logic={logic} options={{ input }}>
      <LanguageFailures />
      <ServerLanguage />
      {children}
    </LanguageContext.Provider>
  );
}
