import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The meter's five levels. */
export const SCORE_LABELS: readonly MessageDescriptor[] = [
  msg`Very weak`,
  msg`Weak`,
  msg`Fair`,
  msg`Strong`,
  msg`Very strong`,
];

/** Why a password is weak: the server's refusal, or zxcvbn-ts's warning keys. */
const WARNINGS: Record<string, MessageDescriptor> = {
  straightRow: msg`Keys in a row on the keyboard are easy to guess.`,
  keyPattern: msg`Short keyboard patterns are easy to guess.`,
  simpleRepeat: msg`Repeated characters such as "aaa" are easy to guess.`,
  extendedRepeat: msg`Repeated groups such as "abcabcabc" are easy to guess.`,
  sequences: msg`Sequences such as "abc" or "6543" are easy to guess.`,
  recentYears: msg`Recent years are easy to guess.`,
  dates: msg`Dates are easy to guess.`,
  topTen: msg`This is one of the ten most used passwords.`,
  topHundred: msg`This is one of the hundred most used passwords.`,
  refused: msg`This is a commonly used password: it will be refused.`,
  common: msg`This is a commonly used password.`,
  similarToCommon: msg`This is very close to a commonly used password.`,
  wordByItself: msg`A single word is easy to guess.`,
  namesByThemselves: msg`Names and surnames alone are easy to guess.`,
  commonNames: msg`Common names and surnames are easy to guess.`,
  userInputs: msg`It should not contain your e-mail address or name.`,
  pwned: msg`This password appeared in a data breach.`,
};

/** What would make it stronger (zxcvbn-ts's suggestion keys). */
const SUGGESTIONS: Record<string, MessageDescriptor> = {
  l33t: msg`Swapping letters for look-alike symbols ("@" for "a") does not help much.`,
  reverseWords: msg`Avoid common words spelled backwards.`,
  allUppercase: msg`Capitalise some letters, not all.`,
  capitalization: msg`Capitalise more than the first letter.`,
  dates: msg`Avoid dates and years that belong to you.`,
  recentYears: msg`Avoid recent years.`,
  associatedYears: msg`Avoid years that belong to you.`,
  sequences: msg`Avoid common character sequences.`,
  repeated: msg`Avoid repeated words and characters.`,
  longerKeyboardPattern: msg`Use longer keyboard patterns and change direction several times.`,
  anotherWord: msg`Add more words that are less common.`,
  useWords: msg`Use several words, but avoid common phrases.`,
  noNeed: msg`You can make a strong password without symbols, numbers or capital letters.`,
  pwned: msg`Choose a password you have not used anywhere else.`,
};

export const warningMessage = (key: string | null): MessageDescriptor | null =>
  key === null ? null : (WARNINGS[key] ?? null);

export const suggestionMessages = (keys: readonly string[]): MessageDescriptor[] =>
  keys.flatMap((key) => SUGGESTIONS[key] ?? []);
