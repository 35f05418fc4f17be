import { describe, expect, it } from 'vitest';
import { PROOF_MARGIN_MS, proofRenewalDelay } from '#machines/proof-of-work/proof-of-work.rules.ts';

describe('proofRenewalDelay', () => {
  it('renews 20 s before the expiry, at once when that has passed', () => {
    expect(PROOF_MARGIN_MS).toBe(20_000);
    expect(proofRenewalDelay(1_000, 900_000)).toBe(80_000);
    expect(proofRenewalDelay(1_000, 990_000)).toBe(0);
    expect(proofRenewalDelay(4_102_444_800, 0)).toBe(2_147_483_647);
  });
});
