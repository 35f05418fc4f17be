/**
 * How strong a password is and why, as the strength meter shows it (docs/adr/0123-passwords-by-asvs.md): zxcvbn-ts
 * with the common-passwords dictionary the server refuses from, loaded on first use (about 0.4 MB, never on a first
 * screen). The score is 0 (guessed at once) to 4 (very hard); `warning` and `suggestions` are zxcvbn's keys, which
 * `strength-messages.ts` says in the interface language.
 */
export interface Strength {
  score: 0 | 1 | 2 | 3 | 4;
  /** Why it is weak (`refused` by the server, or zxcvbn's `topTen`, `common`, `keyPattern`, …), or null. */
  warning: string | null;
  /** What would make it stronger (`useWords`, `anotherWord`, …). */
  suggestions: string[];
}

type Checker = (password: string, userInputs: string[]) => Strength;

let loading: Promise<Checker> | null = null;

/** The estimator, loaded once (a separate chunk). */
export function loadStrengthChecker(): Promise<Checker> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      const factory = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
        useLevenshteinDistance: true,
      });
      // The list the server refuses from, folded as the server folds it (server/auth/password-policy.ts): the
      // meter says "it will be refused" exactly when it will be, not merely "close to a common password".
      const refused = new Set(common.dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
      return (password, userInputs) => {
        const result = factory.check(password, userInputs);
        const suggestions = [...result.feedback.suggestions];
        if (refused.has(password.normalize('NFKC').trim().toLowerCase()))
          return { score: 0, warning: 'refused', suggestions };
        return { score: result.score, warning: result.feedback.warning ?? null, suggestions };
      };
    },
  );
  return loading;
}
