/**
 * The fields both sign-up forms ask (the join page's, the shop's client sign-up), checked before sending as the
 * other auth forms are (react-hook-form + zod): the phone rule is the shared module's the server runs
 * (machines/sign-up/sign-up.rules.ts), the bounds the contract's. Codes, not texts: sign-up-messages.ts translates
 * them.
 */
import { z } from 'zod/mini';
import { isPhone } from '#machines/sign-up/sign-up.rules.ts';
import { emailField, newPasswordField } from '../auth-forms.schema.ts';

/** A required text, trimmed, between `min` and `max` characters (`short`: the code when it has fewer). */
export function requiredText(min: number, max: number, short: string) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'required', abort: true }),
      z.minLength(min, { error: short, abort: true }),
      z.maxLength(max, { error: 'tooLong' }),
    );
}

/** Name, e-mail, phone and a new password twice; a form checks them together with `passwordsMatch`. */
export const signUpFields = {
  fullName: requiredText(2, 120, 'fullName.tooShort'),
  email: emailField,
  phone: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'required', abort: true }),
      z.refine(isPhone, { error: 'phone.invalid' }),
    ),
  password: newPasswordField,
  passwordConfirmation: z.string(),
};

export { passwordsMatch } from '../auth-forms.schema.ts';
