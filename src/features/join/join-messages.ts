import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  fieldMessageIn,
  SIGN_UP_FIELD_MESSAGES,
  SIGN_UP_FORM_MESSAGES,
} from '../../ui/sign-up/sign-up-messages.ts';

/**
 * What `/join/:alias` says for each code: the form's own checks (join-form.schema.ts), the server's refusals on a
 * field or on the form (machines/sign-up/sign-up.refusal.rules.ts), the card's failures. The codes both sign-up
 * forms share, and the proof's failures, are src/ui/sign-up/sign-up-messages.ts's.
 */

const fieldMessages: Record<string, MessageDescriptor> = {
  ...SIGN_UP_FIELD_MESSAGES,
  'warehouse.required': msg`Choose the warehouse where you will collect your orders.`,
  'birthDate.invalid': msg`Enter a real date of birth.`,
  'birthDate.underAge': msg`Distributors must be 18 or older: the distributor agreement is a contract.`,
  'consent.required': msg`Accept this document to sign up.`,
  // The server's refusals that name a field.
  UNDER_AGE: msg`Distributors must be 18 or older: the distributor agreement is a contract.`,
  CONSENT_REQUIRED: msg`This document has a new edition. Reload the page, read it and accept it again.`,
};

export function joinFieldMessage(code: string | undefined): MessageDescriptor | null {
  return fieldMessageIn(fieldMessages, code);
}

const formMessages: Record<string, MessageDescriptor> = {
  ...SIGN_UP_FORM_MESSAGES,
  NOT_FOUND: msg`This invitation link is no longer valid: the distributor cannot take new members. Ask them for a new link.`,
};

export function joinFormMessage(code: string): MessageDescriptor {
  return formMessages[code] ?? msg`Could not sign you up. Please try again.`;
}

export function cardFailureMessage(code: string | null): MessageDescriptor {
  if (code === 'RATE_LIMITED') return msg`Too many attempts. Please wait a little and try again.`;
  if (code === 'NETWORK_ERROR') return msg`No connection to the server. Check your connection and try again.`;
  return msg`Could not load the invitation. Please try again.`;
}

/** The toast after signing up: the new PRN, and the address still to confirm. */
export const welcomeMessage = (prn: string): MessageDescriptor =>
  msg`Welcome! Your registration number is ${prn}. We sent you a link to confirm your e-mail: open it to start ordering.`;
