import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { selectIsAuthenticated } from '#machines/auth/auth.selectors.ts';
import { selectConfirmationView } from '#machines/auth/email-confirmation.selectors.ts';
import { authApi } from '../../data/auth.ts';
import { provideEmailConfirmation } from '../../data/auth-flows.actors.ts';
import { useAuthSelector, useAuthSend } from '../../session/auth-context.tsx';
import { confirmationErrorMessage } from '../../i18n/labels/auth-messages.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import '../../ui/auth-form.css';

/** The confirmation link from the e-mail (`/confirm-email?token=...`): confirms the address at once. */
export default function ConfirmEmailPage() {
  const { t, i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const [token] = useState(() => searchParams.get('token'));
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const sendAuth = useAuthSend();
  const logic = useMemo(
    () => provideEmailConfirmation(authApi, () => sendAuth({ type: 'auth.user.refresh' })),
    [sendAuth],
  );
  const [snapshot, send] = useMachine(logic, { input: { token } });
  const { confirming, confirmed, error } = selectConfirmationView(snapshot);

  return (
    <section className="auth-card">
      <PageHeader title={t`E-mail confirmation`} />
      {confirming ? <Spinner label={t`Confirming your e-mail address…`} /> : null}
      {confirmed ? (
        <p className="notice notice--success" role="status">
          {t`Your e-mail address is confirmed.`}
        </p>
      ) : null}
      {error !== null ? (
        <>
          <p className="notice notice--error" role="alert">
            {i18n._(confirmationErrorMessage(error))}
          </p>
          {error !== 'INVALID_TOKEN' ? (
            <div className="auth-card__actions">
              <Button variant="secondary" onClick={() => send({ type: 'confirmation.retry' })}>
                {t`Try again`}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      {confirming ? null : (
        <div className="auth-card__actions">
          <Link to={authenticated ? '/' : '/login'} className={buttonClassName('primary')}>
            {authenticated ? t`Continue` : t`Go to sign in`}
          </Link>
        </div>
      )}
    </section>
  );
}
