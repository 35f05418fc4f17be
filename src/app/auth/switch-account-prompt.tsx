import { useLingui } from '@lingui/react/macro';
import { selectSignedInEmail } from '#machines/auth/auth.selectors.ts';
import { useAuthSelector, useAuthSend } from '../../session/auth-context.tsx';
import { Button } from '../../ui/button.tsx';
import '../../ui/auth-form.css';

/**
 * A `/?token=` link of another account opened where someone is signed in: nothing changes until the visitor
 * chooses (docs/adr/0122-sessions-that-end.md). Staying is the first button: a link from someone else must not
 * silently replace the session in this browser.
 */
export function SwitchAccountPrompt() {
  const { t } = useLingui();
  const send = useAuthSend();
  const email = useAuthSelector(selectSignedInEmail);
  return (
    <main className="auth-card" aria-labelledby="switch-account-title">
      <h1 id="switch-account-title" className="auth-card__title">{t`Switch accounts?`}</h1>
      <p className="auth-card__text">
        {email === null
          ? t`This link signs in to another account than the one signed in here.`
          : t`This link signs in to another account than ${email}, which is signed in here.`}
      </p>
      <p className="auth-card__text">{t`Switch only if the link is yours. Staying keeps this session and ignores the link.`}</p>
      <div className="auth-card__actions">
        <Button variant="primary" onClick={() => send({ type: 'auth.switch.decline' })}>
          {email === null ? t`Stay signed in` : t`Stay signed in as ${email}`}
        </Button>
        <Button variant="secondary" onClick={() => send({ type: 'auth.switch.accept' })}>
          {t`Switch to the link's account`}
        </Button>
      </div>
    </main>
  );
}
