/**
 * `GET /public/documents/{documentId}/{lang}`: the documents a sign-up asks to accept, readable without an account
 * (docs/adr/0141-join-page-proof-of-work.md); every other document stays behind the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_EDITIONS } from '#server/documents/index.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { expectError } from '../account/support.ts';
import { startSignUpApp } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startSignUpApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /public/documents/{documentId}/{lang}', () => {
  it('serves each document a sign-up accepts as an inline PDF, without a token', async () => {
    for (const id of Object.keys(CONSENT_EDITIONS)) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v3/public/documents/${id}/ro` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^inline; filename="${id}-ro\\.pdf"`),
      );
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('keeps the other documents behind the token (404) and refuses an unknown language (400)', async () => {
    expectError(await t.get('/public/documents/qualification_2025/ru'), 404, 'NOT_FOUND');
    expectError(await t.get('/public/documents/price_list/ru'), 404, 'NOT_FOUND');
    expectError(await t.get('/public/documents/ethics_code/de'), 400, 'VALIDATION_FAILED');
  });
});
