import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  fieldMessageIn,
  SIGN_UP_FIELD_MESSAGES,
  SIGN_UP_FORM_MESSAGES,
} from '../../../ui/sign-up/sign-up-messages.ts';

/**
 * What the shop's checkout step says for a refusal of the sign-up (the codes both sign-up forms share are
 * src/ui/sign-up/sign-up-messages.ts's) and for a failed move of the bag into the cart.
 */
const formMessages: Record<string, MessageDescriptor> = {
  ...SIGN_UP_FORM_MESSAGES,
  NOT_FOUND: msg`This shop is closed. Ask your consultant for their new link.`,
};

export function shopFormMessage(code: string): MessageDescriptor {
  return formMessages[code] ?? msg`Could not create your account. Please try again.`;
}

/** The short form's own checks and the server's refusals on a field: the fields both sign-up forms share. */
export function shopFieldMessage(code: string | undefined): MessageDescriptor | null {
  return fieldMessageIn(SIGN_UP_FIELD_MESSAGES, code);
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
