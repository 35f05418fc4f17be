import { Trans, useLingui } from '@lingui/react/macro';
import { selectIsRefreshingUser, selectResendStatus, selectUser } from '#machines/auth/auth.selectors.ts';
import { useAuthSelector, useAuthSend } from '../../session/auth-context.tsx';
import { ConnectedHeader } from '../layout/connected-header.tsx';
import { PageFrame } from '../layout/page-frame.tsx';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import '../../ui/auth-form.css';

/**
 * Spec section 5, 'Need to confirm your email': shown instead of the logged-in area while the signed-in user's
 * address is not confirmed. The user can have the link sent again, check again after confirming, or sign out.
 */
export function ConfirmEmailNotice() {
  const { t } = useLingui();
  const send = useAuthSend();
  const email = useAuthSelector(selectUser)?.email ?? '';
  const resendStatus = useAuthSelector(selectResendStatus);
  const refreshing = useAuthSelector(selectIsRefreshingUser);
  return (
    <PageFrame narrow header={<ConnectedHeader />}>
      <section className="auth-card">
        <PageHeader title={t`Need to confirm your email`} />
        <p className="auth-card__text">
          <Trans>
            We sent a confirmation link to {email}. Open it to continue; then come back here and choose “I
            have confirmed it”.
          </Trans>
        </p>
        {resendStatus === 'sent' ? (
          <p className="notice notice--success" role="status">
            {t`A new confirmation link is on its way.`}
          </p>
        ) : null}
        <div className="auth-card__actions">
          <Button
            variant="primary"
            disabled={refreshing}
            aria-busy={refreshing}
            onClick={() => send({ type: 'auth.user.refresh' })}
          >
            {refreshing ? t`Checking…` : t`I have confirmed it`}
          </Button>
          <Button
            variant="secondary"
            disabled={resendStatus === 'sending'}
            aria-busy={resendStatus === 'sending'}
            onClick={() => send({ type: 'auth.confirmation.resend' })}
          >
            {resendStatus === 'sending' ? t`Sending…` : t`Send the link again`}
          </Button>
          <Button variant="ghost" onClick={() => send({ type: 'auth.logout' })}>
            {t`Log out`}
          </Button>
        </div>
      </section>
    </PageFrame>
  );
}
