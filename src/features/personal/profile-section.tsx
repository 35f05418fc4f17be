import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { selectProfileView } from '#machines/personal/personal.selectors.ts';
import { useAuthSend } from '../../session/auth-context.tsx';
import { AuthField } from '../../ui/auth-field.tsx';
import { Button } from '../../ui/button.tsx';
import { PROFILE_FAILURE } from '../../ui/forms/personal-messages.ts';
import { accountApi, type Me } from '../../data/account.ts';
import { provideProfile } from './personal.actors.ts';
import { profileSchema, type ProfileFormValues } from '../../ui/forms/personal.schema.ts';
import { useFieldError } from '../../ui/forms/use-field-error.ts';
import { useTypedBeforeTakeOver } from '../../ui/forms/use-typed-before-take-over.ts';

/** Full name and phone (`POST /users/update`); the e-mail address is not changed here. */
export function ProfileSection({ me }: { me: Me }) {
  const { t, i18n } = useLingui();
  const authSend = useAuthSend();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      provideProfile({
        api: accountApi,
        queryClient,
        refreshUser: () => authSend({ type: 'auth.user.refresh' }),
      }),
    [authSend, queryClient],
  );
  const actorRef = useActorRef(logic);
  const view = useSelector(actorRef, selectProfileView);
  const fieldError = useFieldError(view.invalidFields);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
    setValue,
    getValues,
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { fullName: me.fullName, phone: me.phone ?? '' },
  });
  const typedRef = useTypedBeforeTakeOver(setValue, getValues);

  // After a save the form shows what the server stored (trimmed, spaces collapsed).
  useEffect(() => {
    if (view.status === 'saved') reset({ fullName: me.fullName, phone: me.phone ?? '' });
  }, [view.status, me.fullName, me.phone, reset]);

  const saving = view.status === 'saving';
  const edited = () => actorRef.send({ type: 'profile.edit' });
  return (
    <section className="dash-card card-span-6 card-span-mid-1" aria-labelledby="personal-profile">
      <h2 id="personal-profile" className="dash-card__title">{t`Profile`}</h2>
      <form
        ref={typedRef}
        className="form"
        noValidate
        aria-busy={saving}
        aria-labelledby="personal-profile"
        onChange={edited}
        onSubmit={handleSubmit((values) =>
          actorRef.send({
            type: 'profile.save',
            current: { fullName: me.fullName, phone: me.phone },
            values,
          }),
        )}
      >
        <AuthField
          id="profile-full-name"
          label={t`Full name`}
          autoComplete="name"
          required
          defaultValue={me.fullName}
          error={fieldError('fullName', errors.fullName?.message)}
          registration={register('fullName')}
        />
        <AuthField
          id="profile-phone"
          label={t`Phone`}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          defaultValue={me.phone ?? ''}
          error={fieldError('phone', errors.phone?.message)}
          registration={register('phone')}
        />
        {view.failed ? (
          <p className="notice notice--error" role="alert">
            {i18n._(PROFILE_FAILURE)}
          </p>
        ) : null}
        <div role="status" className="personal-status">
          {view.status === 'saved' ? (
            <p className="notice notice--success">{t`Your profile has been saved.`}</p>
          ) : null}
          {view.status === 'unchanged' ? <p className="notice">{t`Nothing has changed.`}</p> : null}
        </div>
        <div className="dash-card__actions">
          <Button type="submit" disabled={saving}>
            {saving ? t`Saving…` : t`Save`}
          </Button>
        </div>
      </form>
    </section>
  );
}
