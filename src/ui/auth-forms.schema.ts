import { z } from 'zod/mini';

import { EMAIL_PATTERN } from './auth-login-rules.ts';

/** Codes, not texts: `fieldErrorMessage` in auth-messages.ts translates them. */
const email = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'email.required', abort: true }),
    z.maxLength(254, { error: 'email.invalid' }),
    z.regex(EMAIL_PATTERN, { error: 'email.invalid' }),
  );

export const loginSchema = z.object({
  email,
  password: z
    .string()
    .check(z.minLength(1, { error: 'password.required' }), z.maxLength(128, { error: 'password.tooLong' })),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** The contract's NewPassword: 8..128 characters with at least one letter and one digit. */
export const newPasswordSchema = z
  .object({
    password: z
      .string()
      .check(
        z.minLength(8, { error: 'password.tooShort', abort: true }),
        z.maxLength(128, { error: 'password.tooLong', abort: true }),
        z.regex(/\p{L}/u, { error: 'password.weak', abort: true }),
        z.regex(/[0-9]/, { error: 'password.weak' }),
      ),
    passwordConfirmation: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.passwordConfirmation, {
      error: 'password.mismatch',
      path: ['passwordConfirmation'],
    }),
  );
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
