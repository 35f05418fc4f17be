import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { AuthField } from '../auth-field.tsx';
import type { FieldRegistration } from '../auth-form-state.ts';
import { Button } from '../button.tsx';
import { PasswordStrength } from '../password-strength/password-strength.tsx';

/**
 * The pieces both sign-up forms are made of (the join page's, the shop's client sign-up; react-hook-form with
 * sign-up-form.schema.ts): the person's fields, the new password twice with its strength meter, the refusal of the
 * form, the send button, and each field's message. Each form keeps its own ids, order and extra fields.
 */

/**
 * A field's message: the form's own check first, else what the server refused in that field (`field`: the name the
 * refusal uses, null for a field the server never names), as the form's table words it.
 */
export function useFieldMessages<TField extends string>(
  refusal: { fields: Partial<Record<TField, string>> } | null,
  messageOf: (code: string | undefined) => MessageDescriptor | null,
) {
  const { i18n } = useLingui();
  return (local: string | undefined, field: TField | null): string | null => {
    const descriptor = messageOf(local ?? (field === null ? undefined : refusal?.fields[field]));
    return descriptor === null ? null : i18n._(descriptor);
  };
}

/** The fields both sign-up forms have, by their names in the forms and in the server's refusals. */
export type SharedSignUpField = 'fullName' | 'email' | 'phone' | 'password' | 'passwordConfirmation';

/** What the form gives each shared field: its message (or null) and `register(name)`. */
export type SignUpFieldOf = (name: SharedSignUpField) => {
  error: string | null;
  registration: FieldRegistration;
};

/** Who signs up: the full name, the e-mail and the phone in the form's order, with their labels, keyboards, autofill. */
export function PersonFields({
  idPrefix,
  order,
  field,
}: {
  /** `join` gives `join-full-name`, `join-email`, `join-phone`. */
  idPrefix: string;
  order: readonly ('fullName' | 'email' | 'phone')[];
  field: SignUpFieldOf;
}) {
  const { t } = useLingui();
  const input = {
    fullName: { id: 'full-name', label: t`Full name`, autoComplete: 'name' },
    email: { id: 'email', label: t`E-mail`, type: 'email', autoComplete: 'email', inputMode: 'email' },
    phone: { id: 'phone', label: t`Phone`, type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  } as const;
  return order.map((name) => {
    const { id, ...attributes } = input[name];
    return <AuthField key={name} id={`${idPrefix}-${id}`} required {...attributes} {...field(name)} />;
  });
}

/** The new password, its strength meter (read after the field), and the password again. */
export function NewPasswordFields({
  idPrefix,
  password,
  field,
}: {
  /** `join` gives `join-password`, `join-password-strength`, `join-password-confirmation`. */
  idPrefix: string;
  /** The password as typed (the meter's input). */
  password: string;
  field: SignUpFieldOf;
}) {
  const { t } = useLingui();
  const strengthId = `${idPrefix}-password-strength`;
  return (
    <>
      <AuthField
        id={`${idPrefix}-password`}
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        required
        hintId={strengthId}
        {...field('password')}
      />
      <PasswordStrength id={strengthId} password={password} />
      <AuthField
        id={`${idPrefix}-password-confirmation`}
        label={t`Repeat the password`}
        type="password"
        autoComplete="new-password"
        required
        {...field('passwordConfirmation')}
      />
    </>
  );
}

/** The server's refusal of the form as a whole (a field's is on the field), or nothing. */
export function FormRefusal({
  refusal,
  messageOf,
}: {
  refusal: { form: string | null } | null;
  messageOf: (code: string) => MessageDescriptor;
}) {
  const { i18n } = useLingui();
  if (refusal === null || refusal.form === null) return null;
  return (
    <p className="notice notice--error" role="alert" data-refusal={refusal.form}>
      {i18n._(messageOf(refusal.form))}
    </p>
  );
}

/** The send button: disabled while the form is on its way, saying so, and while it waits for the proof of work. */
export function SignUpSubmit({
  sending,
  waitingForProof,
  label,
  sendingLabel,
}: {
  sending: boolean;
  waitingForProof: boolean;
  label: string;
  sendingLabel: string;
}) {
  const { t } = useLingui();
  return (
    <Button type="submit" disabled={sending}>
      {waitingForProof ? t`Finishing the check…` : sending ? sendingLabel : label}
    </Button>
  );
}
