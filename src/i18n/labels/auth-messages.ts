import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The auth machines carry codes; these are what the views say for them. Server failures also show the server's own
 * translated toast (the toast bridge); these texts sit beside the form, where screen readers find them.
 */

const loginErrors: Record<string, MessageDescriptor> = {
  INVALID_CREDENTIALS: msg`Wrong e-mail or password.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a little and try again.`,
  VALIDATION_FAILED: msg`Check the e-mail address and the password.`,
  INVALID_TOKEN: msg`The server answered with a sign-in token that cannot be used. Please try again.`,
  TIMEOUT: msg`The server did not answer in time. Please try again.`,
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
};

export function loginErrorMessage(code: string): MessageDescriptor {
  return loginErrors[code] ?? msg`Could not sign in. Please try again.`;
}

const logoutReasons: Record<string, MessageDescriptor> = {
  TOKEN_EXPIRED: msg`Your session has expired. Please sign in again.`,
  UNAUTHORIZED: msg`Your session has ended. Please sign in again.`,
  INVALID_TOKEN: msg`The sign-in link is invalid or has expired. Please sign in.`,
  SIGNED_OUT_EVERYWHERE: msg`You have been signed out on all devices. Sign in again here whenever you like.`,
};

/** A notice for the login page after the session ended on its own, or everywhere (not after a plain log out). */
export function logoutReasonMessage(reason: string | null): MessageDescriptor | null {
  return reason === null ? null : (logoutReasons[reason] ?? null);
}

const recoveryErrors: Record<string, MessageDescriptor> = {
  INVALID_TOKEN: msg`This password reset link is invalid, already used or expired. Ask for a new one.`,
  PASSWORD_TOO_COMMON: msg`This password is one of the most common ones, which are tried first. Choose another, such as a phrase of a few words.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a little and try again.`,
  VALIDATION_FAILED: msg`Check the values you entered.`,
  TIMEOUT: msg`The server did not answer in time. Please try again.`,
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
};

export function recoveryErrorMessage(code: string): MessageDescriptor {
  return recoveryErrors[code] ?? msg`Something went wrong. Please try again.`;
}

const confirmationErrors: Record<string, MessageDescriptor> = {
  INVALID_TOKEN: msg`This confirmation link is invalid, already used or expired.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a little and try again.`,
  TIMEOUT: msg`The server did not answer in time. Please try again.`,
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
};

export function confirmationErrorMessage(code: string): MessageDescriptor {
  return confirmationErrors[code] ?? msg`Something went wrong. Please try again.`;
}

/** Form validation codes (the zod schemas' `error` values). */
const fieldErrors: Record<string, MessageDescriptor> = {
  'email.required': msg`Enter your e-mail address.`,
  'email.invalid': msg`Enter a valid e-mail address, like name@example.com.`,
  'password.required': msg`Enter your password.`,
  'password.tooShort': msg`The password needs at least 8 characters.`,
  'password.tooLong': msg`The password can have at most 128 characters.`,
  'password.mismatch': msg`The passwords do not match.`,
};

export function fieldErrorMessage(code: string | undefined): MessageDescriptor | null {
  if (code === undefined) return null;
  return fieldErrors[code] ?? msg`Check this value.`;
}
