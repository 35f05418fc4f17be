import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { selectPasswordChangeView } from '#machines/personal/personal.selectors.ts';
import { useAuthSend } from '../../session/auth-context.tsx';
import { AuthField } from '../../ui/auth-field.tsx';
import { Button } from '../../ui/button.tsx';
import { PasswordStrength } from '../../ui/password-strength/password-strength.tsx';
import { passwordFailureMessage } from '../../ui/forms/personal-messages.ts';
import { accountApi } from '../../data/account.ts';
import { providePasswordChange } from './personal.actors.ts';
import { passwordSchema, type PasswordFormValues } from '../../ui/forms/personal.schema.ts';
import { useFieldError } from '../../ui/forms/use-field-error.ts';
import { useTypedBeforeTakeOver } from '../../ui/forms/use-typed-before-take-over.ts';

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };

/**
 * Password change (spec section 5): current, new and confirmation. Every other device is logged out; this one
 * carries on with the fresh token the answer holds (`auth.token.renewed`).
 */
export function PasswordSection({ userInputs = [] }: { userInputs?: readonly string[] }) {
  const { t, i18n } = useLingui();
  const authSend = useAuthSend();
  const logic = useMemo(
    () =>
      providePasswordChange({
        api: accountApi,
        sendToSession: authSend,
      }),
    [authSend],
  );
  const actorRef = useActorRef(logic);
  const view = useSelector(actorRef, selectPasswordChangeView);
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    reset,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<PasswordFormValues>({ resolver: zodResolver(passwordSchema), defaultValues: EMPTY });
  const newPassword = useWatch({ control, name: 'newPassword' });

  // What was typed into the server's fields before the app took them over (the strength meter reads it too).
  const formRef = useTypedBeforeTakeOver(setValue, getValues);

  useEffect(() => {
    if (view.status === 'changed') reset(EMPTY);
  }, [view.status, reset]);

  const serverError = view.errorCode === null ? null : i18n._(passwordFailureMessage(view.errorCode));
  const errorFor = (name: keyof PasswordFormValues, code: string | undefined) =>
    fieldError(name, code) ?? (view.errorField === name ? serverError : null);
  const changing = view.status === 'changing';

  return (
    <section className="dash-card card-span-6 card-span-mid-1" aria-labelledby="personal-password">
      <h2 id="personal-password" className="dash-card__title">{t`Password`}</h2>
      {view.status === 'changed' ? (
        <div className="form">
          <p className="notice notice--success" role="status" data-state="password-changed">
            {t`Your password has been changed. Every other device where you were signed in has been logged out; you stay signed in here.`}
          </p>
          <div className="dash-card__actions">
            <Button variant="secondary" onClick={() => actorRef.send({ type: 'password.reset' })}>
              {t`Change it again`}
            </Button>
          </div>
        </div>
      ) : (
        <form
          ref={formRef}
          method="post"
          className="form"
          noValidate
          aria-busy={changing}
          aria-labelledby="personal-password"
          onSubmit={handleSubmit((values) => actorRef.send({ type: 'password.change', ...values }))}
        >
          <p className="dash-card__note">
            {t`Changing the password logs you out on every other device. Any characters, at least 8, 12 or more recommended.`}
          </p>
          <AuthField
            id="password-current"
            label={t`Current password`}
            type="password"
            autoComplete="current-password"
            required
            error={errorFor('currentPassword', errors.currentPassword?.message)}
            registration={register('currentPassword')}
          />
          <AuthField
            id="password-new"
            label={t`New password`}
            type="password"
            autoComplete="new-password"
            required
            error={errorFor('newPassword', errors.newPassword?.message)}
            registration={register('newPassword')}
            hintId="password-new-strength"
          />
          <PasswordStrength id="password-new-strength" password={newPassword} userInputs={userInputs} />
          <AuthField
            id="password-confirmation"
            label={t`Repeat the new password`}
            type="password"
            autoComplete="new-password"
            required
            error={errorFor('newPasswordConfirmation', errors.newPasswordConfirmation?.message)}
            registration={register('newPasswordConfirmation')}
          />
          {serverError !== null && view.errorField === null ? (
            <p className="notice notice--error" role="alert">
              {serverError}
            </p>
          ) : null}
          <div className="dash-card__actions">
            <Button type="submit" disabled={changing}>
              {changing ? t`Changing…` : t`Change the password`}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
