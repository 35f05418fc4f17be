import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { PATHS } from '#src/ui/paths.ts';

export interface TermsConsentProps {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}

/**
 * "I agree to the terms of sale and the return policy": ticked before paying by card (maib's rule for merchants;
 * the checkout machine's `terms.accept`, sent with the order as `acceptTerms`). The terms open in a new tab, so the
 * checkout keeps its place.
 */
export function TermsConsent({ accepted, onChange }: TermsConsentProps) {
  const { t } = useLingui();
  return (
    <div className="terms-consent">
      <input
        type="checkbox"
        id="accept-terms"
        name="accept-terms"
        className="terms-consent__box"
        checked={accepted}
        aria-describedby="accept-terms-note"
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor="accept-terms" className="terms-consent__label">
          <Trans>
            I have read and accept the{' '}
            <Link to={PATHS.terms} target="_blank" rel="noopener">
              terms of sale and the return policy
            </Link>
            .
          </Trans>
        </label>
        <p id="accept-terms-note" className="terms-consent__note">
          {t`Needed to pay by card. The terms open in a new tab.`}
        </p>
      </div>
    </div>
  );
}
