import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import {
  selectIsSubmitting,
  selectRecoveryError,
  selectRecoveryView,
  selectRequestedEmail,
} from '#machines/auth/password-recovery.selectors.ts';
import { authApi } from '../../data/auth.ts';
import { providePasswordRecovery } from '../../data/auth-flows.actors.ts';
import { AuthField } from '../../ui/auth-field.tsx';
import { PasswordStrength } from '../../ui/password-strength/password-strength.tsx';
import {
  forgotPasswordSchema,
  newPasswordSchema,
  type ForgotPasswordValues,
  type NewPasswordValues,
} from '../../ui/auth-forms.schema.ts';
import { fieldErrorMessage, recoveryErrorMessage } from '../../i18n/labels/auth-messages.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useTypedBeforeTakeOver } from '../../ui/forms/use-typed-before-take-over.ts';
import '../../ui/auth-form.css';

const recoveryLogic = providePasswordRecovery(authApi);

function useFieldError() {
  const { i18n } = useLingui();
  return (code: string | undefined): string | null => {
    const descriptor = fieldErrorMessage(code);
    return descriptor === null ? null : i18n._(descriptor);
  };
}

function RequestForm({ submitting, onSubmit }: { submitting: boolean; onSubmit: (email: string) => void }) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    formState: { errors },
    setValue,
    getValues,
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const typedRef = useTypedBeforeTakeOver(setValue, getValues);
  return (
    <form
      ref={typedRef}
      method="post"
      className="form"
      noValidate
      aria-busy={submitting}
      aria-label={t`Password recovery`}
      onSubmit={handleSubmit(({ email }) => onSubmit(email))}
    >
      <p className="auth-card__text">
        {t`Enter the e-mail address of your account. We will send you a link to set a new password.`}
      </p>
      <AuthField
        id="recovery-email"
        label={t`E-mail`}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={fieldError(errors.email?.message)}
        registration={register('email')}
      />
      <Button type="submit" disabled={submitting}>
        {submitting ? t`Sending…` : t`Send the link`}
      </Button>
    </form>
  );
}

function NewPasswordForm({
  submitting,
  onSubmit,
}: {
  submitting: boolean;
  onSubmit: (values: NewPasswordValues) => void;
}) {
  const { t } = useLingui();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
    setValue,
    getValues,
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const typedRef = useTypedBeforeTakeOver(setValue, getValues);
  const password = useWatch({ control, name: 'password' });
  return (
    <form
      ref={typedRef}
      method="post"
      className="form"
      noValidate
      aria-busy={submitting}
      aria-label={t`New password`}
      onSubmit={handleSubmit((values) => onSubmit(values))}
    >
      <p className="auth-card__text">{t`Choose a new password: any characters, at least 8, 12 or more recommended.`}</p>
      <AuthField
        id="recovery-password"
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        required
        error={fieldError(errors.password?.message)}
        registration={register('password')}
        hintId="recovery-password-strength"
      />
      <PasswordStrength id="recovery-password-strength" password={password} />
      <AuthField
        id="recovery-password-confirmation"
        label={t`Repeat the new password`}
        type="password"
        autoComplete="new-password"
        required
        error={fieldError(errors.passwordConfirmation?.message)}
        registration={register('passwordConfirmation')}
      />
      <Button type="submit" disabled={submitting}>
        {submitting ? t`Saving…` : t`Save the new password`}
      </Button>
    </form>
  );
}

/**
 * Password recovery (`/reset-pass`): ask for a reset link by e-mail, or, opened from that link (`?token=`), set a
 * new password. Both go through `POST /users/forgot-password`.
 */
export default function ResetPassPage() {
  const { t, i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const [resetToken] = useState(() => searchParams.get('token'));
  const input = useMemo(() => ({ resetToken: resetToken === '' ? null : resetToken }), [resetToken]);
  const [snapshot, send] = useMachine(recoveryLogic, { input });

  const view = selectRecoveryView(snapshot);
  const submitting = selectIsSubmitting(snapshot);
  const error = selectRecoveryError(snapshot);
  const email = selectRequestedEmail(snapshot) ?? '';

  return (
    <section className="auth-card">
      <PageHeader title={t`Password recovery`} />
      {error === null ? null : (
        <p className="notice notice--error" role="alert">
          {i18n._(recoveryErrorMessage(error))}
        </p>
      )}
      {view === 'request' ? (
        <RequestForm
          submitting={submitting}
          onSubmit={(value) => send({ type: 'recovery.request', email: value })}
        />
      ) : null}
      {view === 'requested' ? (
        <>
          <p className="notice notice--success" role="status">
            <Trans>
              If an account exists for {email}, a link to set a new password is on its way. It works for one
              hour.
            </Trans>
          </p>
          <div className="auth-card__actions">
            <Button variant="secondary" onClick={() => send({ type: 'recovery.restart' })}>
              {t`Send another link`}
            </Button>
          </div>
        </>
      ) : null}
      {view === 'reset' ? (
        <>
          <NewPasswordForm
            submitting={submitting}
            onSubmit={(values) => send({ type: 'recovery.reset', ...values })}
          />
          {error === 'INVALID_TOKEN' ? (
            <div className="auth-card__actions">
              <Button variant="secondary" onClick={() => send({ type: 'recovery.restart' })}>
                {t`Ask for a new link`}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      {view === 'done' ? (
        <>
          <p className="notice notice--success" role="status">
            {t`Your password has been changed. Sign in with the new password.`}
          </p>
          <div className="auth-card__actions">
            <Link to="/login" className={buttonClassName('primary')}>
              {t`Go to sign in`}
            </Link>
          </div>
        </>
      ) : null}
      {view === 'done' ? null : (
        <div className="auth-card__links">
          <Link to="/login">{t`Back to sign in`}</Link>
        </div>
      )}
    </section>
  );
}
