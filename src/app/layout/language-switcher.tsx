import { useLingui } from '@lingui/react/macro';
import { useId, type ChangeEvent } from 'react';
import { selectIsSwitching, selectPendingLocale } from '#machines/language/language.selectors.ts';
import { LanguageContext } from '../../session/language-context.tsx';
import { SUPPORTED_LOCALES, useLocale } from '../../i18n/i18n.ts';

export interface LanguageSwitcherProps {
  /** Logged in: the choice is saved on the server before it applies. */
  authenticated: boolean;
}

export function LanguageSwitcher({ authenticated }: LanguageSwitcherProps) {
  const { t } = useLingui();
  const id = useId();
  const locale = useLocale();
  const actorRef = LanguageContext.useActorRef();
  const switching = LanguageContext.useSelector(selectIsSwitching);
  const pending = LanguageContext.useSelector(selectPendingLocale);

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
