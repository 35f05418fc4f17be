import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * What the shop's checkout step says for a refusal on the form (the field refusals are the join page's words,
 * `joinFieldMessage`) and for a failed move of the bag into the cart.
 */
const formMessages: Record<string, MessageDescriptor> = {
  CHALLENGE_FAILED: msg`The check that you are not a robot expired or did not pass. It is running again; send the form once it is done.`,
  NOT_FOUND: msg`This shop is closed. Ask your consultant for their new link.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a little and try again.`,
  TIMEOUT: msg`The server did not answer in time. Please try again.`,
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
  VALIDATION_FAILED: msg`Check the values you entered.`,
};

export function shopFormMessage(code: string): MessageDescriptor {
  return formMessages[code] ?? msg`Could not create your account. Please try again.`;
}

export function transferFailureMessage(code: string | null): MessageDescriptor {
  if (code === 'NETWORK_ERROR')
    return msg`Your account is ready, but the bag could not be moved: no connection to the server. Try again.`;
  return msg`Your account is ready, but the bag could not be moved into it. Try again, or go on without it.`;
}

/** After the bag went into the account's bag: a welcome, and which products could not go. */
export function movedMessage(refused: number): MessageDescriptor {
  return refused === 0
    ? msg`You are signed in. Your bag is ready: choose pickup or delivery and pay.`
    : msg`You are signed in. Some products are no longer available and were left out of your bag.`;
}

/** The short form's own checks and the server's refusals on a field: the join page's words, for the same codes. */
const fieldMessages: Record<string, MessageDescriptor> = {
  required: msg`Fill in this field.`,
  tooLong: msg`This is too long.`,
  'fullName.tooShort': msg`Enter your full name: at least 2 characters.`,
  'email.required': msg`Enter your e-mail address.`,
  'email.invalid': msg`Enter a valid e-mail address, like name@example.com.`,
  'phone.invalid': msg`Enter a phone number with at least 6 digits, like +373 69 123 456.`,
  'password.tooShort': msg`The password needs at least 8 characters.`,
  'password.tooLong': msg`The password can have at most 128 characters.`,
  'password.mismatch': msg`The passwords do not match.`,
  EMAIL_TAKEN: msg`An account with this e-mail already exists. Sign in, or use another address.`,
  PHONE_TAKEN: msg`An account with this phone number already exists. Use another number.`,
  PASSWORD_TOO_COMMON: msg`This password is one of the most common ones, which are tried first. Choose another, such as a phrase of a few words.`,
  VALIDATION_FAILED: msg`Check this value.`,
};

export function shopFieldMessage(code: string | undefined): MessageDescriptor | null {
  if (code === undefined) return null;
  return fieldMessages[code] ?? msg`Check this value.`;
}

const proofMessages: Record<string, MessageDescriptor> = {
  POW_UNSUPPORTED: msg`This browser cannot run the check that you are not a robot. Open the link in an up-to-date browser.`,
  POW_TIMEOUT: msg`The check that you are not a robot took too long.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a little and try again.`,
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
};

export function proofFailureMessage(code: string | null): MessageDescriptor {
  return (code === null ? undefined : proofMessages[code]) ?? msg`The check that you are not a robot failed.`;
}
