import type { ProofContext, ProofState } from './proof-of-work.types.ts';

/**
 * What a view reads of the proof of work, for any machine that embeds the region at `active.proof`
 * (proof-of-work.region.ts): the join page's and the shop's sign-up.
 */
export interface ProofSnapshot {
  context: ProofContext;
  matches: (state: { active: { proof: ProofState } }) => boolean;
}

/** The proof of work, as the "checking you are human" line shows it. */
export type ProofView = 'working' | 'ready' | 'failed';

export function selectProofView(snapshot: ProofSnapshot): ProofView {
  if (snapshot.matches({ active: { proof: 'solved' } })) return 'ready';
  if (snapshot.matches({ active: { proof: 'failed' } })) return 'failed';
  return 'working';
}

export const selectProofAttempts = (snapshot: ProofSnapshot): number => snapshot.context.powAttempts;

export const selectProofError = (snapshot: ProofSnapshot): string | null => snapshot.context.powError;
