import { z } from 'zod/mini';

import { EMAIL_PATTERN } from './auth-login-rules.ts';

/** Codes, not texts: `fieldErrorMessage` in auth-messages.ts translates them. The sign-up forms share it. */
export const emailField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'email.required', abort: true }),
    z.maxLength(254, { error: 'email.invalid' }),
    z.regex(EMAIL_PATTERN, { error: 'email.invalid' }),
  );

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string()
    .check(z.minLength(1, { error: 'password.required' }), z.maxLength(128, { error: 'password.tooLong' })),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** Characters as a person (and the contract's maxLength) counts them: an emoji is one. */
export const characterCount = (text: string): number => [...text].length;

/**
 * The contract's NewPassword: 8 to 128 characters of any kind, no rules on which (docs/adr/0123-passwords-by-asvs.md);
 * the server also refuses the most common passwords (`PASSWORD_TOO_COMMON`), which the strength meter warns of.
 */
export const newPasswordField = z.string().check(
  z.refine((value) => characterCount(value) >= 8, { error: 'password.tooShort', abort: true }),
  z.refine((value) => characterCount(value) <= 128, { error: 'password.tooLong' }),
);

/** The repeated password, checked on the form as a whole (its message on the second field). */
export const passwordsMatch = z.refine<{ password: string; passwordConfirmation: string }>(
  (values) => values.password === values.passwordConfirmation,
  { error: 'password.mismatch', path: ['passwordConfirmation'] },
);

export const newPasswordSchema = z
  .object({ password: newPasswordField, passwordConfirmation: z.string() })
  .check(passwordsMatch);
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
