import { describe, expect, it } from 'vitest';
import { loginSchema } from '#src/ui/auth-forms.schema.ts';
import { checkLogin, type LoginValues } from '#src/ui/auth-login-rules.ts';

/** The first issue code of each field, as zodResolver hands it to the form. */
function zodErrors(values: LoginValues) {
  const result = loginSchema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { values, errors };
}

const emails = [
  '',
  '   ',
  'ana@example.com',
  '  ana@example.com  ',
  'not-an-address',
  'ana@example',
  'a b@example.com',
  '@example.com',
  'ana@@example.com',
  `${'a'.repeat(243)}@example.com`,
  `${'a'.repeat(244)}@example.com`,
  'ș@exemplu.ro',
];
const passwords = ['', ' ', 'secret-1', 'x'.repeat(128), 'x'.repeat(129)];

describe('checkLogin (the login page without zod)', () => {
  it('gives the same codes and submitted values as loginSchema for every pair of inputs', () => {
    for (const email of emails)
      for (const password of passwords) {
        const ours = checkLogin({ email, password });
        const theirs = zodErrors({ email, password });
        expect(ours.errors, `${JSON.stringify(email)} / ${password.length}`).toEqual(theirs.errors);
        if (Object.keys(theirs.errors).length === 0) expect(ours.values).toEqual(theirs.values);
      }
  });

  it('trims the address it submits and names each field once', () => {
    expect(checkLogin({ email: '  ana@example.com ', password: 'p' })).toEqual({
      values: { email: 'ana@example.com', password: 'p' },
      errors: {},
    });
    expect(checkLogin({ email: '', password: '' }).errors).toEqual({
      email: 'email.required',
      password: 'password.required',
    });
  });
});
