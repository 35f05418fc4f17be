import type { PowChallenge } from '#machines/proof-of-work/proof-of-work.types.ts';

/**
 * A challenge of the server's shape for tests that never solve it (the machine's paths, a page with fake workers):
 * it expires ten minutes from when it is made, as the server issues them.
 */
export function unsolvedChallenge(): PowChallenge {
  return {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      nonce: 'aa',
      salt: 'bb',
      cost: 1,
      keyLength: 32,
      keyPrefix: 'cc',
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    },
    signature: 'dd',
  };
}
