import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type {
  ConsentDocumentId,
  SignUpField,
  SignUpForm,
  SignUpRefusal,
  SponsorCard,
} from '#machines/sign-up/sign-up.types.ts';
import { publicDocumentUrl } from '../../data/sign-up.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { AuthField } from '../../ui/auth-field.tsx';
import {
  FormRefusal,
  NewPasswordFields,
  PersonFields,
  type SharedSignUpField,
  SignUpSubmit,
  useFieldMessages,
} from '../../ui/sign-up/sign-up-form-parts.tsx';
import {
  companyToday,
  EMPTY_JOIN_FORM,
  joinFormSchema,
  latestAdultBirthDate,
  type JoinFormValues,
} from './join-form.schema.ts';
import { joinFieldMessage, joinFormMessage } from './join-messages.ts';
import { useTypedBeforeTakeOver } from '../../ui/forms/use-typed-before-take-over.ts';

/** The checkbox of each document the card asks to accept. */
const CONSENT_FIELD: Record<ConsentDocumentId, 'marketingPlan' | 'ethicsCode'> = {
  marketing_plan: 'marketingPlan',
  ethics_code: 'ethicsCode',
};

export interface JoinFormProps {
  card: SponsorCard;
  /** The form was sent and waits for the proof or the server. */
  sending: boolean;
  /** It waits for the proof of work (the button says so). */
  waitingForProof: boolean;
  refusal: SignUpRefusal | null;
  onSubmit: (form: SignUpForm) => void;
}

/**
 * The sign-up form: who the new distributor is, their home warehouse, a password, and the documents they accept in
 * the editions the card names. The server's refusals show on the field they concern, or above the button.
 */
export function JoinForm({ card, sending, waitingForProof, refusal, onSubmit }: JoinFormProps) {
  const { t } = useLingui();
  const lang = useLocale();
  const today = useMemo(() => companyToday(), []);
  const schema = useMemo(() => joinFormSchema(today), [today]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
    setValue,
    getValues,
  } = useForm<JoinFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY_JOIN_FORM });
  const typedRef = useTypedBeforeTakeOver(setValue, getValues);
  const password = useWatch({ control, name: 'password' });

  const errorOf = useFieldMessages<SignUpField>(refusal, joinFieldMessage);
  const field = (name: SharedSignUpField) => ({
    error: errorOf(errors[name]?.message, name === 'passwordConfirmation' ? null : name),
    registration: register(name),
  });

  const submit = handleSubmit((values) => {
    const consents: SignUpForm['consents'] = {};
    for (const document of card.documents)
      if (values[CONSENT_FIELD[document.id]]) consents[document.id] = document.edition;
    onSubmit({
      fullName: values.fullName,
      email: values.email,
      phone: values.phone,
      city: values.city,
      warehouseId: Number(values.warehouseId),
      birthDate: values.birthDate,
      password: values.password,
      lang,
      consents,
    });
  });

  const warehouseError = errorOf(errors.warehouseId?.message, 'warehouseId');
  return (
    <form
      ref={typedRef}
      method="post"
      className="form"
      noValidate
      aria-busy={sending}
      aria-label={t`Sign up`}
      onSubmit={submit}
    >
      <PersonFields idPrefix="join" order={['fullName', 'email', 'phone']} field={field} />
      <AuthField
        id="join-birth-date"
        label={t`Date of birth`}
        type="date"
        autoComplete="bday"
        required
        max={latestAdultBirthDate(today)}
        error={errorOf(errors.birthDate?.message, 'birthDate')}
        registration={register('birthDate')}
      />
      <AuthField
        id="join-city"
        label={t`City`}
        autoComplete="address-level2"
        required
        error={errorOf(errors.city?.message, 'city')}
        registration={register('city')}
      />
      <div className="field">
        <label className="field__label" htmlFor="join-warehouse">
          {t`Home warehouse`}
        </label>
        <select
          id="join-warehouse"
          className="field__input"
          required
          aria-invalid={warehouseError === null ? undefined : true}
          aria-describedby={
            warehouseError === null ? 'join-warehouse-hint' : 'join-warehouse-error join-warehouse-hint'
          }
          {...register('warehouseId')}
        >
          <option value="">{t`Choose a warehouse`}</option>
          {card.warehouses.map((warehouse) => (
            <option key={warehouse.id} value={String(warehouse.id)}>
              {`${warehouse.name[lang]} · ${warehouse.city}`}
            </option>
          ))}
        </select>
        {warehouseError === null ? null : (
          <p id="join-warehouse-error" className="error-text" role="alert">
            {warehouseError}
          </p>
        )}
        <p id="join-warehouse-hint" className="join__hint">
          {t`Your orders are prepared there for pickup or delivery.`}
        </p>
      </div>
      <NewPasswordFields idPrefix="join" password={password} field={field} />
      <fieldset className="join__consents">
        <legend className="field__label">{t`Documents`}</legend>
        {card.documents.map((document) => {
          const name = CONSENT_FIELD[document.id];
          const id = `join-consent-${document.id}`;
          const error = errorOf(errors[name]?.message, `consents.${document.id}`);
          const title = document.title[lang];
          const edition = document.edition;
          return (
            <div key={document.id} className="join__consent">
              <label className="checkbox" htmlFor={id}>
                <input
                  id={id}
                  type="checkbox"
                  aria-invalid={error === null ? undefined : true}
                  aria-describedby={error === null ? undefined : `${id}-error`}
                  {...register(name)}
                />
                <span>{t`I have read and accept: ${title}, edition ${edition}`}</span>
              </label>
              <a
                href={publicDocumentUrl(document.id, lang)}
                target="_blank"
                rel="noopener"
                className="join__read"
              >
                {t`Read: ${title} (PDF, opens in a new tab)`}
              </a>
              {error === null ? null : (
                <p id={`${id}-error`} className="error-text" role="alert">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      <FormRefusal refusal={refusal} messageOf={joinFormMessage} />
      <SignUpSubmit
        sending={sending}
        waitingForProof={waitingForProof}
        label={t`Sign up`}
        sendingLabel={t`Signing up…`}
      />
    </form>
  );
}
