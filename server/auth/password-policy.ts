/**
 * What a new password must be (OWASP ASVS 5.0 V6.2; docs/adr/0123-passwords-by-asvs.md): 8 to 128 characters of
 * any kind (the contract's `NewPassword` holds the lengths), no rules on what they are, and not one of the
 * passwords attackers try first: the 49,000 most common ones of `@zxcvbn-ts/language-common` (the list the
 * strength meter of the app also knows), compared without case, nor the account's own e-mail address.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import type { ErrorDetail } from '../http/errors.ts';

let common: ReadonlySet<string> | null = null;

/** The list, read once (about 49,000 entries). */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common;
}

/** Characters as a person counts them (code points, as the contract's maxLength does). */
export const passwordLength = (password: string): number => [...password.normalize('NFKC')].length;

export type PasswordRefusal = 'too_short' | 'too_common' | 'is_email';

/** Why a new password is refused, or null when it is fine. */
export function passwordRefusal(password: string, email?: string): PasswordRefusal | null {
  if (passwordLength(password) < 8) return 'too_short';
  const folded = password.normalize('NFKC').trim().toLowerCase();
  if (commonPasswords().has(folded)) return 'too_common';
  if (email !== undefined) {
    const address = email.trim().toLowerCase();
    const local = address.split('@')[0] ?? '';
    if (folded === address || (local.length >= 4 && folded === local)) return 'is_email';
  }
  return null;
}

const MESSAGES: Record<PasswordRefusal, string> = {
  too_short: 'must be at least 8 characters',
  too_common: 'is one of the most common passwords, which are tried first',
  is_email: 'must not be the e-mail address',
};

/** The refusal as an error detail at `path` (`/newPassword`, `/password`), or null. */
export function passwordProblem(password: string, path: string, email?: string): ErrorDetail | null {
  const refusal = passwordRefusal(password, email);
  return refusal === null ? null : { location: 'body', path, message: MESSAGES[refusal] };
}
