/**
 * The proof of work of public forms: `GET /public/challenge` issues a signed ALTCHA challenge; a solution verifies
 * once (valid), never when forged or tampered with (wrong), never twice (replayed, across processes: the spent
 * challenge is a row), never after its time (expired).
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSolution, newChallenge, spendSolution } from '#server/domain/sign-up/challenge.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { expectError } from '../account/support.ts';
import { CHEAP_POW, joinForm, proofOfWork, solved, startSignUpApp } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startSignUpApp();
});
afterAll(async () => {
  await t.close();
});

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (text: string) =>
  JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as {
    challenge: Challenge;
    solution: { counter: number; derivedKey: string };
  };

describe('GET /public/challenge', () => {
  it('issues a signed PBKDF2 challenge that expires, never cached, a new one each time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const first = await t.get<Challenge>('/public/challenge');
    const second = await t.get<Challenge>('/public/challenge');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: CHEAP_POW.cost });
    expect(first.body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body.parameters.expiresAt).toBeGreaterThanOrEqual(before + CHEAP_POW.ttlSeconds);
    expect(second.body.parameters.nonce).not.toBe(first.body.parameters.nonce);
    expect(second.body.signature).not.toBe(first.body.signature);
  });
});

describe('a solution', () => {
  it('valid: verifies, and is spent by its first use', async () => {
    const text = await proofOfWork(t);
    expect(await checkSolution(t.config, text)).toMatchObject({ ok: true });
    await spendSolution(t.db, t.config, text);
    const spent = await t.db.selectFrom('pow_spent').selectAll().execute();
    expect(spent.map((row) => row.signature)).toContain(decode(text).challenge.signature);
  });

  it('replayed: a spent challenge is refused, even with another solution of it', async () => {
    const text = await proofOfWork(t);
    await spendSolution(t.db, t.config, text);
    await expect(spendSolution(t.db, t.config, text)).rejects.toMatchObject({
      status: 422,
      code: 'CHALLENGE_FAILED',
      details: [expect.objectContaining({ reason: 'challenge.spent' })],
    });
  });

  it('wrong: a wrong key, a tampered challenge, a foreign key and garbage never verify', async () => {
    const { challenge, solution } = decode(await proofOfWork(t));
    // The proof is the derived key (the server signed the one it expects): any other key is refused.
    const flipped = `${solution.derivedKey[0] === '0' ? '1' : '0'}${solution.derivedKey.slice(1)}`;
    const wrongKey = encode({ challenge, solution: { ...solution, derivedKey: flipped } });
    expect(await checkSolution(t.config, wrongKey)).toEqual({ ok: false, refusal: 'invalid' });
    // Less work asked than signed for: the signature no longer matches.
    const cheaper = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '0' } };
    const tampered = encode({
      challenge: cheaper,
      solution: await solveChallenge({ challenge: cheaper, deriveKey }),
    });
    expect(await checkSolution(t.config, tampered)).toEqual({ ok: false, refusal: 'invalid' });
    // Signed by a server with another secret.
    const foreign = await newChallenge({
      jwtSecret: 'another-server-secret-0123456789abcdef',
      pow: CHEAP_POW,
    });
    expect(await checkSolution(t.config, await solved(foreign))).toEqual({ ok: false, refusal: 'invalid' });
    for (const garbage of ['', 'not base64 at all', encode({ challenge: 1 }), encode(null)])
      expect(await checkSolution(t.config, garbage)).toEqual({ ok: false, refusal: 'malformed' });
  });

  it('expired: a challenge past its time is refused, solved or not', async () => {
    const old = await newChallenge(t.config, new Date(Date.now() - (CHEAP_POW.ttlSeconds + 5) * 1000));
    expect(await checkSolution(t.config, await solved(old))).toEqual({ ok: false, refusal: 'expired' });
  });

  it('is what POST /public/join asks for: a missing or wrong one is 422 CHALLENGE_FAILED', async () => {
    const sponsor = await t.db
      .selectFrom('users')
      .select('prn')
      .where('email', '=', 'partner@demo.test')
      .executeTakeFirstOrThrow();
    const form = await joinForm(t, sponsor.prn ?? '', { altcha: encode({ nothing: true }) });
    const body = expectError(await t.post('/public/join', { json: form }), 422, 'CHALLENGE_FAILED');
    expect(body.details).toEqual([
      expect.objectContaining({ path: '/altcha', reason: 'challenge.malformed' }),
    ]);
  });
});
