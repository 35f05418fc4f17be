import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { ShopSignInForm as SignInValues } from '#machines/shop-sign-up/shop-sign-up.types.ts';
import { fieldErrorMessage, loginErrorMessage } from '../../../i18n/labels/auth-messages.ts';
import { AuthField } from '../../../ui/auth-field.tsx';
import { loginSchema } from '../../../ui/auth-forms.schema.ts';
import { Button } from '../../../ui/button.tsx';
import { useTypedBeforeTakeOver } from '../../../ui/forms/use-typed-before-take-over.ts';

export interface ShopSignInFormProps {
  signingIn: boolean;
  /** Why the last try was refused (`INVALID_CREDENTIALS`…), or null. */
  error: string | null;
  onSubmit: (form: SignInValues) => void;
}

/** "I already have an account": e-mail and password, the login page's checks and words. */
export function ShopSignInForm({ signingIn, error, onSubmit }: ShopSignInFormProps) {
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
    setValue,
    getValues,
  } = useForm<SignInValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const typedRef = useTypedBeforeTakeOver(setValue, getValues);
  const fieldError = (code: string | undefined) => {
    const descriptor = fieldErrorMessage(code);
    return descriptor === null ? null : i18n._(descriptor);
  };
  return (
    <form
      ref={typedRef}
      method="post"
      className="form"
      noValidate
      aria-busy={signingIn}
      aria-label={t`Sign in`}
      onSubmit={handleSubmit((values) => onSubmit({ email: values.email.trim(), password: values.password }))}
    >
      <AuthField
        id="shop-sign-in-email"
        label={t`E-mail`}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={fieldError(errors.email?.message)}
        registration={register('email')}
      />
      <AuthField
        id="shop-sign-in-password"
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        required
        error={fieldError(errors.password?.message)}
        registration={register('password')}
      />
      {error === null ? null : (
        <p className="notice notice--error" role="alert" data-sign-in-error={error}>
          {i18n._(loginErrorMessage(error))}
        </p>
      )}
      <Button type="submit" disabled={signingIn}>
        {signingIn ? t`Signing in…` : t`Sign in and continue`}
      </Button>
    </form>
  );
}
