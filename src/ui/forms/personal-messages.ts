import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Form validation codes (the zod schemas' `error` values) and server codes, as the screen says them. */
const fieldMessages: Record<string, MessageDescriptor> = {
  required: msg`Fill in this field.`,
  tooLong: msg`This is too long.`,
  'fullName.tooShort': msg`Enter your full name: at least 2 characters.`,
  'phone.invalid': msg`Enter a phone number with at least 6 digits, like +373 69 123 456.`,
  'postIndex.invalid': msg`Enter a postal code of 3 to 12 letters or digits, like MD-2001.`,
  'password.tooShort': msg`The password needs at least 8 characters.`,
  'password.mismatch': msg`The passwords do not match.`,
  'password.same': msg`The new password must differ from the current one.`,
};

export function fieldMessage(code: string | undefined): MessageDescriptor | null {
  if (code === undefined) return null;
  return fieldMessages[code] ?? msg`Check this value.`;
}

/** What the server refused in a field, when it named the field (`details[].path`). */
export const SERVER_FIELD_MESSAGES: Record<string, MessageDescriptor> = {
  fullName: msg`Enter your full name: at least 2 characters.`,
  phone: msg`Enter a phone number with at least 6 digits, like +373 69 123 456.`,
  postIndex: msg`Enter a postal code of 3 to 12 letters or digits, like MD-2001.`,
  city: msg`Check the city.`,
  street: msg`Check the street.`,
  house: msg`Check the house number.`,
  apartment: msg`Check the apartment.`,
};

const commonFailures: Record<string, MessageDescriptor> = {
  RATE_LIMITED: msg`Too many attempts. Please wait a little and try again.`,
  TIMEOUT: msg`The server did not answer in time. Please try again.`,
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
};

const passwordFailures: Record<string, MessageDescriptor> = {
  INVALID_CURRENT_PASSWORD: msg`The current password is not correct.`,
  PASSWORD_TOO_COMMON: msg`This password is one of the most common ones, which are tried first. Choose another, such as a phrase of a few words.`,
  VALIDATION_FAILED: msg`Check the passwords you entered.`,
};

export function passwordFailureMessage(code: string): MessageDescriptor {
  return (
    passwordFailures[code] ?? commonFailures[code] ?? msg`Could not change the password. Please try again.`
  );
}

export function addressFailureMessage(code: string): MessageDescriptor {
  if (code === 'VALIDATION_FAILED') return msg`Check the highlighted fields.`;
  if (code === 'NOT_FOUND') return msg`This address no longer exists. The list has been refreshed.`;
  return commonFailures[code] ?? msg`Could not save the address. Please try again.`;
}

/** Spec section 8's own text for a failed profile update. */
export const PROFILE_FAILURE = msg`Error updating user`;

/** Why "sign out on all devices" failed (the session goes on, and so do the others). */
export function signOutFailureMessage(code: string): MessageDescriptor {
  return (
    commonFailures[code] ??
    msg`Could not sign out the other devices. They are still signed in; please try again.`
  );
}
