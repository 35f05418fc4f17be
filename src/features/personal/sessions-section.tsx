import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { selectSignOutError, selectSignOutStatus } from '#machines/auth/auth.selectors.ts';
import { useAuthSelector, useAuthSend } from '../../session/auth-context.tsx';
import { Button } from '../../ui/button.tsx';
import { signOutFailureMessage } from '../../ui/forms/personal-messages.ts';

/**
 * "Sign out on all devices" (docs/adr/0122-sessions-that-end.md): every session of the account ends on the server,
 * this one included, through the auth machine (`auth.logout.everywhere`). Asked once more before it happens; a
 * failure says so and keeps the session, since the other devices are still signed in.
 */
export function SessionsSection() {
  const { t, i18n } = useLingui();
  const send = useAuthSend();
  const status = useAuthSelector(selectSignOutStatus);
  const error = useAuthSelector(selectSignOutError);
  const [confirming, setConfirming] = useState(false);
  const leaving = status === 'leavingEverywhere';
  return (
    <section className="dash-card card-span-6 card-span-mid-1" aria-labelledby="personal-sessions">
      <h2 id="personal-sessions" className="dash-card__title">{t`Devices`}</h2>
      <p className="dash-card__note">
        {t`Lost a phone, or signed in on a computer that is not yours? Sign out everywhere: every device, this one included, will need the password again.`}
      </p>
      {error === null ? null : (
        <p className="notice notice--error" role="alert">
          {i18n._(signOutFailureMessage(error))}
        </p>
      )}
      {confirming ? (
        <div className="form" role="group" aria-labelledby="personal-sessions-confirm">
          <p id="personal-sessions-confirm">{t`Sign out on all devices, this one included?`}</p>
          <div className="dash-card__actions">
            <Button
              variant="primary"
              disabled={leaving}
              aria-busy={leaving}
              onClick={() => send({ type: 'auth.logout.everywhere' })}
            >
              {leaving ? t`Signing out…` : t`Yes, sign out everywhere`}
            </Button>
            <Button variant="secondary" disabled={leaving} onClick={() => setConfirming(false)}>
              {t`Cancel`}
            </Button>
          </div>
        </div>
      ) : (
        <div className="dash-card__actions">
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t`Sign out on all devices`}
          </Button>
        </div>
      )}
    </section>
  );
}
