import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, type ChangeEvent } from 'react';
import { fromPromise } from 'xstate';
import { languageMachine } from '../../../machines/language/language.machine.ts';
import { selectIsSwitching, selectPendingLocale } from '../../../machines/language/language.selectors.ts';
import { api, unwrap } from '../../api/client.ts';
import { activateLocale, normalizeLocale, SUPPORTED_LOCALES, useLocale } from '../../i18n/i18n.ts';
import { showErrorToast } from '../toast-bridge.ts';

/** `POST /users/lang`: resolves when the server stored the language, rejects with the normalised error. */
async function saveLanguageOnServer(locale: string): Promise<void> {
  await unwrap(api.POST('/users/lang', { body: { lang: normalizeLocale(locale) } }));
}

const switcherMachine = languageMachine.provide({
  actors: {
    saveLanguage: fromPromise<void, { locale: string }>(({ input }) => saveLanguageOnServer(input.locale)),
    applyLocale: fromPromise<void, { locale: string }>(({ input }) => activateLocale(input.locale)),
  },
});

export interface LanguageSwitcherProps {
  /** Logged in: the choice is saved on the server before it applies. */
  authenticated: boolean;
}

export function LanguageSwitcher({ authenticated }: LanguageSwitcherProps) {
  const { t } = useLingui();
  const id = useId();
  const locale = useLocale();
  const actorRef = useActorRef(switcherMachine);
  const switching = useSelector(actorRef, selectIsSwitching);
  const pending = useSelector(actorRef, selectPendingLocale);

  useEffect(() => {
    const subscription = actorRef.on('language.failed', ({ error }) => showErrorToast(error));
    return () => subscription.unsubscribe();
  }, [actorRef]);

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    actorRef.send({ type: 'language.select', locale: event.target.value, authenticated });
  };

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        className="language-switcher__select"
        value={pending ?? locale}
        onChange={onChange}
        aria-busy={switching}
      >
        {SUPPORTED_LOCALES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
