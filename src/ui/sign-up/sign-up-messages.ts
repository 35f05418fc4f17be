import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * What both sign-up forms (the join page's, the shop's client sign-up) say for the same codes: the fields they
 * share (sign-up-form.schema.ts's checks, the server's refusals on them), the refusals of the form as a whole, and
 * the proof of work's failures. Each form adds its own (the join page's birth date, warehouse and documents; who
 * `NOT_FOUND` is about).
 */
export const SIGN_UP_FIELD_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  required: msg`Fill in this field.`,
  tooLong: msg`This is too long.`,
  'fullName.tooShort': msg`Enter your full name: at least 2 characters.`,
  'email.required': msg`Enter your e-mail address.`,
  'email.invalid': msg`Enter a valid e-mail address, like name@example.com.`,
  'phone.invalid': msg`Enter a phone number with at least 6 digits, like +373 69 123 456.`,
  'password.tooShort': msg`The password needs at least 8 characters.`,
  'password.tooLong': msg`The password can have at most 128 characters.`,
  'password.mismatch': msg`The passwords do not match.`,
  // The server's refusals that name a field.
  EMAIL_TAKEN: msg`An account with this e-mail already exists. Sign in, or use another address.`,
  PHONE_TAKEN: msg`An account with this phone number already exists. Use another number.`,
  PASSWORD_TOO_COMMON: msg`This password is one of the most common ones, which are tried first. Choose another, such as a phrase of a few words.`,
  VALIDATION_FAILED: msg`Check this value.`,
};

/** A field's message from a table of them: none without a code, "Check this value." for a code it lacks. */
export function fieldMessageIn(
  messages: Readonly<Record<string, MessageDescriptor>>,
  code: string | undefined,
): MessageDescriptor | null {
  if (code === undefined) return null;
  return messages[code] ?? msg`Check this value.`;
}

/** A refusal of the whole form (`NOT_FOUND` is each form's: an invitation, or a shop). */
export const SIGN_UP_FORM_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  CHALLENGE_FAILED: msg`The check that you are not a robot expired or did not pass. It is running again; send the form once it is done.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a little and try again.`,
  TIMEOUT: msg`The server did not answer in time. Please try again.`,
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
  VALIDATION_FAILED: msg`Check the values you entered.`,
};

const proofMessages: Record<string, MessageDescriptor> = {
  POW_UNSUPPORTED: msg`This browser cannot run the check that you are not a robot. Open the link in an up-to-date browser.`,
  POW_TIMEOUT: msg`The check that you are not a robot took too long.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a little and try again.`,
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
};

export function proofFailureMessage(code: string | null): MessageDescriptor {
  return (code === null ? undefined : proofMessages[code]) ?? msg`The check that you are not a robot failed.`;
}
