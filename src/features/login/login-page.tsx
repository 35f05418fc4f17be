import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { selectIsLoggingIn, selectLoginError, selectLogoutReason } from '#machines/auth/auth.selectors.ts';
import { AuthField } from '../../ui/auth-field.tsx';
import { useAuthForm } from '../../ui/auth-form-state.ts';
import { checkLogin, type LoginValues } from '../../ui/auth-login-rules.ts';
import {
  fieldErrorMessage,
  loginErrorMessage,
  logoutReasonMessage,
} from '../../i18n/labels/auth-messages.ts';
import { useAuthSelector, useAuthSend } from '../../session/auth-context.tsx';
import { LanguageContext } from '../../session/language-context.tsx';
import { selectSignedOutChoice } from '#machines/language/language.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import '../../ui/auth-form.css';

const LOGIN_FIELDS = ['email', 'password'] as const;

/** Login and password (spec section 2): e-mail and password, sent as form data by the auth machine. The two fields are checked
 * without zod or react-hook-form (`useAuthForm`, `checkLogin`): the login page paints with little JS. */
export default function LoginPage() {
  const { t, i18n } = useLingui();
  const send = useAuthSend();
  const loggingIn = useAuthSelector(selectIsLoggingIn);
  const loginError = useAuthSelector(selectLoginError);
  const logoutReason = logoutReasonMessage(useAuthSelector(selectLogoutReason));
  const { register, handleSubmit, errors } = useAuthForm<LoginValues>(LOGIN_FIELDS, checkLogin);

  const fieldError = (code: string | undefined): string | null => {
    const descriptor = fieldErrorMessage(code);
    return descriptor === null ? null : i18n._(descriptor);
  };

  // A language chosen here wins over the account's stored one (docs/adr/0045-languages.md); without one the
  // account's applies.
  const chosenLanguage = LanguageContext.useSelector(selectSignedOutChoice);
  const language = LanguageContext.useActorRef();
  const onSubmit = handleSubmit(({ email, password }) => {
    send({
      type: 'auth.login',
      email,
      password,
      ...(chosenLanguage === null ? {} : { lang: chosenLanguage }),
    });
    language.send({ type: 'language.choiceTaken' });
  });

  return (
    <section className="auth-card">
      <PageHeader title={t`Login and password`} />
      {logoutReason === null ? null : (
        <p className="notice" role="status">
          {i18n._(logoutReason)}
        </p>
      )}
      <form
        method="post"
        className="form"
        noValidate
        onSubmit={onSubmit}
        aria-busy={loggingIn}
        aria-label={t`Sign in`}
      >
        <AuthField
          id="login-email"
          label={t`E-mail`}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          error={fieldError(errors.email)}
          registration={register('email')}
        />
        <AuthField
          id="login-password"
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          required
          error={fieldError(errors.password)}
          registration={register('password')}
        />
        {loginError === null ? null : (
          <p className="error-text" role="alert">
            {i18n._(loginErrorMessage(loginError))}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={loggingIn}>
          {loggingIn ? t`Signing in…` : t`Sign in`}
        </Button>
      </form>
      <div className="auth-card__links">
        <Link to="/reset-pass">{t`Forgot your password?`}</Link>
      </div>
    </section>
  );
}
