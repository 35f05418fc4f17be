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

interface FieldProps {
  id: string;
  error: string | null;
  registration: FieldRegistration;
}

/** Who signs up: the full name, the e-mail or the phone, each with its label, keyboard and autofill. */
export function PersonField({ kind, ...field }: FieldProps & { kind: 'fullName' | 'email' | 'phone' }) {
  const { t } = useLingui();
  if (kind === 'fullName') return <AuthField label={t`Full name`} autoComplete="name" required {...field} />;
  if (kind === 'email')
    return (
      <AuthField label={t`E-mail`} type="email" autoComplete="email" inputMode="email" required {...field} />
    );
  return <AuthField label={t`Phone`} type="tel" autoComplete="tel" inputMode="tel" required {...field} />;
}

/** The new password, its strength meter (read after the field), and the password again. */
export function NewPasswordFields({
  idPrefix,
  password,
  passwordField,
  confirmationField,
}: {
  /** `join` gives `join-password`, `join-password-strength`, `join-password-confirmation`. */
  idPrefix: string;
  /** The password as typed (the meter's input). */
  password: string;
  passwordField: Omit<FieldProps, 'id'>;
  confirmationField: Omit<FieldProps, 'id'>;
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
        {...passwordField}
      />
      <PasswordStrength id={strengthId} password={password} />
      <AuthField
        id={`${idPrefix}-password-confirmation`}
        label={t`Repeat the password`}
        type="password"
        autoComplete="new-password"
        required
        {...confirmationField}
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
