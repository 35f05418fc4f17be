import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import type {
  ShopSignUpField,
  ShopSignUpForm,
  ShopSignUpRefusal,
} from '#machines/shop-sign-up/shop-sign-up.types.ts';
import { useLocale } from '../../../i18n/i18n.ts';
import {
  FormRefusal,
  NewPasswordFields,
  PersonFields,
  type SharedSignUpField,
  SignUpSubmit,
  useFieldMessages,
} from '../../../ui/sign-up/sign-up-form-parts.tsx';
import { shopFieldMessage, shopFormMessage } from './shop-checkout-messages.ts';
import {
  EMPTY_SHOP_CLIENT_FORM,
  shopClientFormSchema,
  type ShopClientFormValues,
} from './shop-client-form.schema.ts';
import { useTypedBeforeTakeOver } from '../../../ui/forms/use-typed-before-take-over.ts';

export interface ShopClientFormProps {
  sending: boolean;
  waitingForProof: boolean;
  refusal: ShopSignUpRefusal | null;
  onSubmit: (form: ShopSignUpForm) => void;
}

/**
 * The short sign-up of a shop's client: name, phone, e-mail, a password twice (the join page's pieces,
 * src/ui/sign-up/). Refusals on their field.
 */
export function ShopClientForm({ sending, waitingForProof, refusal, onSubmit }: ShopClientFormProps) {
  const { t } = useLingui();
  const lang = useLocale();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
    setValue,
    getValues,
  } = useForm<ShopClientFormValues>({
    resolver: zodResolver(shopClientFormSchema),
    defaultValues: EMPTY_SHOP_CLIENT_FORM,
  });
  const typedRef = useTypedBeforeTakeOver(setValue, getValues);
  const password = useWatch({ control, name: 'password' });
  const errorOf = useFieldMessages<ShopSignUpField>(refusal, shopFieldMessage);
  const field = (name: SharedSignUpField) => ({
    error: errorOf(errors[name]?.message, name === 'passwordConfirmation' ? null : name),
    registration: register(name),
  });
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
      ref={typedRef}
      method="post"
      className="form"
      noValidate
      aria-busy={sending}
      aria-label={t`Create an account`}
      onSubmit={submit}
    >
      <PersonFields idPrefix="shop" order={['fullName', 'phone', 'email']} field={field} />
      <NewPasswordFields idPrefix="shop" password={password} field={field} />
      <FormRefusal refusal={refusal} messageOf={shopFormMessage} />
      <SignUpSubmit
        sending={sending}
        waitingForProof={waitingForProof}
        label={t`Create an account and continue`}
        sendingLabel={t`Creating your account…`}
      />
    </form>
  );
}
