import type { SnapshotFrom } from 'xstate';
import type { languageMachine } from './language.machine.ts';

/** What the selectors read of a snapshot: the machine's, or its start state before it runs (`languageStart`). */
export type LanguageSnapshot = Pick<SnapshotFrom<typeof languageMachine>, 'context' | 'matches'>;

/** True while a switch is saved or its catalog loads: the switcher is disabled meanwhile. */
export const selectIsSwitching = (snapshot: LanguageSnapshot): boolean => !snapshot.matches('idle');

export const selectPendingLocale = (snapshot: LanguageSnapshot): string | null => snapshot.context.pending;

/** The language chosen while signed out (the login page's switcher), or null: sign-in keeps and saves it. */
export const selectSignedOutChoice = (snapshot: LanguageSnapshot): string | null =>
  snapshot.context.signedOutChoice;
