import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { characterCount } from '../auth-forms.schema.ts';
import { SCORE_LABELS, suggestionMessages, warningMessage } from './strength-messages.ts';
import { usePasswordStrength } from './use-password-strength.ts';
import './password-strength.css';

export interface PasswordStrengthProps {
  /** The id screen readers find the meter's text by (the field's `aria-describedby`). */
  id: string;
  password: string;
  /** Words of the account that must not be the password (the e-mail, the name). */
  userInputs?: readonly string[];
}

/**
 * The strength meter under a new-password field: five steps, a word for the level, and why (what makes it weak,
 * what would help). Announced politely as the password changes; 12 or more characters are recommended, 8 needed.
 */
export function PasswordStrength({ id, password, userInputs = [] }: PasswordStrengthProps) {
  const { t, i18n } = useLingui();
  const strength = usePasswordStrength(password, userInputs);
  const length = characterCount(password);
  const score = strength?.score ?? null;
  const warning = strength === null ? null : warningMessage(strength.warning);
  const suggestions = strength === null ? [] : suggestionMessages(strength.suggestions).slice(0, 2);
  const level = score === null ? undefined : SCORE_LABELS[score];
  const label = level === undefined ? null : i18n._(level);
  return (
    <div className="password-strength" id={id} aria-live="polite">
      <div
        className="password-strength__bar"
        data-score={score ?? 'none'}
        role="img"
        aria-label={label === null ? t`Password strength` : t`Password strength: ${label}`}
      >
        {[0, 1, 2, 3, 4].map((step) => (
          <span key={step} className={score !== null && step <= score ? 'is-on' : undefined} />
        ))}
      </div>
      <p className="password-strength__text">
        {label === null ? null : <strong>{label}. </strong>}
        {password === ''
          ? t`At least 8 characters; 12 or more is better. A phrase of a few unrelated words is easy to remember and hard to guess.`
          : length < 8
            ? t({
                message: plural(8 - length, {
                  one: '# more character needed.',
                  other: '# more characters needed.',
                }),
              })
            : length < 12
              ? t`12 or more characters are recommended.`
              : null}
      </p>
      {warning === null && suggestions.length === 0 ? null : (
        <ul className="password-strength__why">
          {warning === null ? null : <li>{i18n._(warning)}</li>}
          {suggestions.map((suggestion) => (
            <li key={suggestion.id}>{i18n._(suggestion)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
