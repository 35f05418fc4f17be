import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AliasProblem } from '#machines/sign-up/sign-up.rules.ts';
import type { AliasError } from '#machines/personal/invite.rules.ts';

/** The alias rule a field breaks, as the card says it (the rules: machines/sign-up/sign-up.rules.ts). */
const PROBLEM_MESSAGES: Record<AliasProblem, MessageDescriptor> = {
  'alias.tooShort': msg`The alias needs at least 3 characters.`,
  'alias.tooLong': msg`The alias can have at most 30 characters.`,
  'alias.characters': msg`Use only Latin letters a–z, digits and hyphens.`,
  'alias.hyphens': msg`A hyphen goes between letters or digits, one at a time: not first, not last, not two in a row.`,
  'alias.prn': msg`An alias cannot look like a PRN or be only digits.`,
  'alias.reserved': msg`This word is reserved. Choose another.`,
};

export const aliasProblemMessage = (problem: AliasProblem): MessageDescriptor => PROBLEM_MESSAGES[problem];

const FAILURES: Record<string, MessageDescriptor> = {
  ALIAS_TAKEN: msg`This alias is taken, or reads too much like one that is. Choose another.`,
  ALIAS_ALREADY_SET: msg`You have already chosen an alias; it cannot be changed.`,
  ALIAS_INVALID: msg`Check the alias.`,
  ALIAS_RESERVED: msg`This word is reserved. Choose another.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a little and try again.`,
  TIMEOUT: msg`The server did not answer in time. Please try again.`,
  NETWORK_ERROR: msg`No connection to the server. Check your connection and try again.`,
};

/** Why the server refused the alias: the rule it names (a 422), else its code. */
export function aliasFailureMessage(error: AliasError): MessageDescriptor {
  if (error.reason !== null) return PROBLEM_MESSAGES[error.reason];
  return FAILURES[error.code] ?? msg`Could not save the alias. Please try again.`;
}
