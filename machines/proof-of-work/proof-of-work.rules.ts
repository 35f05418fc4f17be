/**
 * The proof of work's timing (docs/adr/0141-join-page-proof-of-work.md): a solved challenge is replaced before it
 * expires. Pure, so the region, its tests and the view agree.
 */

/**
 * When the solved proof may be sent: before it expires, with a margin for the request to travel (the server checks
 * `expiresAt` in seconds since the epoch).
 */
export const PROOF_MARGIN_MS = 20_000;

/** What a timer can hold (2^31 − 1 ms); a longer delay would fire at once. */
const MAX_DELAY_MS = 2_147_483_647;

/** Milliseconds until a challenge expiring at `expiresAt` (seconds) should be replaced, from 0 to a timer's most. */
export function proofRenewalDelay(expiresAt: number, now: number): number {
  return Math.min(Math.max(expiresAt * 1000 - PROOF_MARGIN_MS - now, 0), MAX_DELAY_MS);
}
