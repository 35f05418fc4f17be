import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { languageMachine } from '../../machines/language/language.machine.ts';
import { reportFailure } from '../api/failure-bridge.ts';
import { accountApi } from './account.ts';
import { provideLanguage } from './language.actors.ts';
import { followServerLanguage } from './server-language.ts';

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

/** Reconciles the locally kept choice with the server's language of the signed-in user (`server-language.ts`). */
function ServerLanguage() {
  const actorRef = LanguageContext.useActorRef();
  const queryClient = useQueryClient();
  useEffect(
    () => followServerLanguage(queryClient, (event) => actorRef.send(event)),
    [actorRef, queryClient],
  );
  return null;
}

/** Mounts the language actor once for the app (inside the query cache's provider). */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const logic = useMemo(() => provideLanguage({ api: accountApi, queryClient }), [queryClient]);
  return (
    <LanguageContext.Provider logic={logic}>
      <LanguageFailures />
      <ServerLanguage />
      {children}
    </LanguageContext.Provider>
  );
}
