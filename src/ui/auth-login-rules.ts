/**
 * The login form's two fields, checked without zod (zod stays off the login page's critical path): the same rules
 * and codes as `loginSchema` in `auth-forms.schema.ts` (a unit test compares the two), translated by
 * `fieldErrorMessage` in auth-messages.ts.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** The e-mail address trimmed, then: required, at most 254 characters, shaped like an address. */
export function emailErrorOf(email: string): string | undefined {
  if (email.length === 0) return 'email.required';
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return 'email.invalid';
  return undefined;
}

/** The values as submitted (the e-mail trimmed) and the first error code of each field. */
export function checkLogin(input: LoginValues): { values: LoginValues; errors: LoginErrors } {
  const values = { email: input.email.trim(), password: input.password };
  const errors: LoginErrors = {};
  const email = emailErrorOf(values.email);
  if (email !== undefined) errors.email = email;
  if (values.password.length === 0) errors.password = 'password.required';
  else if (values.password.length > 128) errors.password = 'password.tooLong';
  return { values, errors };
}
