import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * What `/join/:alias` says for each code: the form's own checks (join-form.schema.ts), the server's refusals on a
 * field or on the form (machines/sign-up/sign-up.refusal.rules.ts), the card's and the proof's failures.
 */

const fieldMessages: Record<string, MessageDescriptor> = {
  required: msg`Fill in this field.`,
  tooLong: msg`This is too long.`,
  'fullName.tooShort': msg`Enter your full name: at least 2 characters.`,
  'email.required': msg`Enter your e-mail address.`,
  'email.invalid': msg`Enter a valid e-mail address, like name@example.com.`,
  'phone.invalid': msg`Enter a phone number with at least 6 digits, like +373 69 123 456.`,
  'warehouse.required': msg`Choose the warehouse where you will collect your orders.`,
  'birthDate.invalid': msg`Enter a real date of birth.`,
  'birthDate.underAge': msg`Distributors must be 18 or older: the distributor agreement is a contract.`,
  'password.tooShort': msg`The password needs at least 8 characters.`,
  'password.tooLong': msg`The password can have at most 128 characters.`,
  'password.mismatch': msg`The passwords do not match.`,
  'consent.required': msg`Accept this document to sign up.`,
  // The server's refusals that name a field.
  EMAIL_TAKEN: msg`An account with this e-mail already exists. Sign in, or use another address.`,
  PHONE_TAKEN: msg`An account with this phone number already exists. Use another number.`,
  UNDER_AGE: msg`Distributors must be 18 or older: the distributor agreement is a contract.`,
  PASSWORD_TOO_COMMON: msg`This password is one of the most common ones, which are tried first. Choose another, such as a phrase of a few words.`,
  CONSENT_REQUIRED: msg`This document has a new edition. Reload the page, read it and accept it again.`,
  VALIDATION_FAILED: msg`Check this value.`,
};

export function joinFieldMessage(code: string | undefined): MessageDescriptor | null {
  if (code === undefined) return null;
  return fieldMessages[code] ?? msg`Check this value.`;
}

const formMessages: Record<string, MessageDescriptor> = {
  CHALLENGE_FAILED: msg`The check that you are not a robot expired or did not pass. It is running again; send the form once it is done.`,
  NOT_FOUND: msg`This invitation link is no longer valid: the distributor cannot take new members. Ask them for a new link.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a little and try again.`,
  TIMEOUT: msg`The server did not answer in time. Please try again.`,
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
  VALIDATION_FAILED: msg`Check the values you entered.`,
};

export function joinFormMessage(code: string): MessageDescriptor {
  return formMessages[code] ?? msg`Could not sign you up. Please try again.`;
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

export function cardFailureMessage(code: string | null): MessageDescriptor {
  if (code === 'RATE_LIMITED') return msg`Too many attempts. Please wait a little and try again.`;
  if (code === 'NETWORK_ERROR') return msg`No connection to the server. Check your connection and try again.`;
  return msg`Could not load the invitation. Please try again.`;
}

/** The toast after signing up: the new PRN, and the address still to confirm. */
export const welcomeMessage = (prn: string): MessageDescriptor =>
  msg`Welcome! Your registration number is ${prn}. We sent you a link to confirm your e-mail: open it to start ordering.`;
