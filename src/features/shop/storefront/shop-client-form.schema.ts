/**
 * The client sign-up's short form (react-hook-form + zod, as the join page): the phone rule is the shared module's
 * the server runs (machines/sign-up/sign-up.rules.ts), the bounds the contract's. Codes, not texts: the join page's
 * `joinFieldMessage` translates them (the same codes, the same words).
 */
import { z } from 'zod/mini';
import { isPhone } from '#machines/sign-up/sign-up.rules.ts';
import { EMAIL_PATTERN } from '../../../ui/auth-login-rules.ts';
import { characterCount } from '../../../ui/auth-forms.schema.ts';

export const shopClientFormSchema = z
  .object({
    fullName: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'required', abort: true }),
        z.minLength(2, { error: 'fullName.tooShort', abort: true }),
        z.maxLength(120, { error: 'tooLong' }),
      ),
    phone: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'required', abort: true }),
        z.refine(isPhone, { error: 'phone.invalid' }),
      ),
    email: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'email.required', abort: true }),
        z.maxLength(254, { error: 'email.invalid' }),
        z.regex(EMAIL_PATTERN, { error: 'email.invalid' }),
      ),
    password: z.string().check(
      z.refine((value) => characterCount(value) >= 8, { error: 'password.tooShort', abort: true }),
      z.refine((value) => characterCount(value) <= 128, { error: 'password.tooLong' }),
    ),
    passwordConfirmation: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.passwordConfirmation, {
      error: 'password.mismatch',
      path: ['passwordConfirmation'],
    }),
  );

export type ShopClientFormValues = z.infer<typeof shopClientFormSchema>;

export const EMPTY_SHOP_CLIENT_FORM: ShopClientFormValues = {
  fullName: '',
  phone: '',
  email: '',
  password: '',
  passwordConfirmation: '',
};
