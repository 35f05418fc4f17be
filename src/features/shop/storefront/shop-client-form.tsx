import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import type {
  ShopSignUpField,
  ShopSignUpForm,
  ShopSignUpRefusal,
} from '#machines/shop-sign-up/shop-sign-up.types.ts';
import { AuthField } from '../../../ui/auth-field.tsx';
import { Button } from '../../../ui/button.tsx';
import { PasswordStrength } from '../../../ui/password-strength/password-strength.tsx';
import { shopFieldMessage, shopFormMessage } from './shop-checkout-messages.ts';
import {
  EMPTY_SHOP_CLIENT_FORM,
  shopClientFormSchema,
  type ShopClientFormValues,
} from './shop-client-form.schema.ts';

type Lang = NonNullable<ShopSignUpForm['lang']>;
const LANGS: readonly string[] = ['ru', 'en', 'ro', 'uk', 'it'];

export interface ShopClientFormProps {
  sending: boolean;
  waitingForProof: boolean;
  refusal: ShopSignUpRefusal | null;
  onSubmit: (form: ShopSignUpForm) => void;
}

/** The short sign-up of a shop's client: name, phone, e-mail, a password twice. Refusals on their field. */
export function ShopClientForm({ sending, waitingForProof, refusal, onSubmit }: ShopClientFormProps) {
  const { t, i18n } = useLingui();
  const lang = (LANGS.includes(i18n.locale) ? i18n.locale : 'ru') as Lang;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ShopClientFormValues>({
    resolver: zodResolver(shopClientFormSchema),
    defaultValues: EMPTY_SHOP_CLIENT_FORM,
  });
  const password = useWatch({ control, name: 'password' });
  const errorOf = (local: string | undefined, field: ShopSignUpField | null): string | null => {
    const descriptor = shopFieldMessage(local ?? (field === null ? undefined : refusal?.fields[field]));
    return descriptor === null ? null : i18n._(descriptor);
  };
  const submit = handleSubmit((values) =>
    onSubmit({
      fullName: values.fullName,
      phone: values.phone,
      email: values.email,
      password: values.password,
      lang,
    }),
  );
  return (
    <form
      method="post"
      className="form"
      noValidate
      aria-busy={sending}
      aria-label={t`Create an account`}
      onSubmit={submit}
    >
      <AuthField
        id="shop-full-name"
        label={t`Full name`}
        autoComplete="name"
        required
        error={errorOf(errors.fullName?.message, 'fullName')}
        registration={register('fullName')}
      />
      <AuthField
        id="shop-phone"
        label={t`Phone`}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        error={errorOf(errors.phone?.message, 'phone')}
        registration={register('phone')}
      />
      <AuthField
        id="shop-email"
        label={t`E-mail`}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errorOf(errors.email?.message, 'email')}
        registration={register('email')}
      />
      <AuthField
        id="shop-password"
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        required
        error={errorOf(errors.password?.message, 'password')}
        registration={register('password')}
        hintId="shop-password-strength"
      />
      <PasswordStrength id="shop-password-strength" password={password} />
      <AuthField
        id="shop-password-confirmation"
        label={t`Repeat the password`}
        type="password"
        autoComplete="new-password"
        required
        error={errorOf(errors.passwordConfirmation?.message, null)}
        registration={register('passwordConfirmation')}
      />
      {refusal === null || refusal.form === null ? null : (
        <p className="notice notice--error" role="alert" data-refusal={refusal.form}>
          {i18n._(shopFormMessage(refusal.form))}
        </p>
      )}
      <Button type="submit" disabled={sending}>
        {waitingForProof
          ? t`Finishing the check…`
          : sending
            ? t`Creating your account…`
            : t`Create an account and continue`}
      </Button>
    </form>
  );
}
