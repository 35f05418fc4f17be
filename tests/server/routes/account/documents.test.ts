import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '#server/db/reference.ts';
import { DOCUMENTS } from '#server/documents/index.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { expectError, startAccountApp, type Schemas } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startAccountApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /documents', () => {
  it('lists the three documents with titles and a file URL per language, for every role', async () => {
    for (const email of ['partner@demo.test', 'warehouse@demo.test', 'pw@demo.test', 'user@demo.test']) {
      const response = await t.get<Schemas['Document'][]>('/documents', { token: await t.login(email) });
      expect(response.status).toBe(200);
      expect(response.body.map((d) => d.id)).toEqual(['marketing_plan', 'ethics_code', 'qualification_2025']);
      for (const document of response.body) {
        expect(document.title).toEqual(DOCUMENTS.find((d) => d.id === document.id)?.title);
        for (const lang of LANGS) {
          expect(document.url[lang]).toBe(`${t.config.publicUrl}/api/v3/documents/${document.id}/${lang}`);
        }
      }
    }
  });

  it('is 401 without a token', async () => {
    expectError(await t.get('/documents'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /documents/{documentId}/{lang}', () => {
  it('serves each listed URL as an inline PDF', async () => {
    const token = await t.login('user@demo.test');
    const list = await t.get<Schemas['Document'][]>('/documents', { token });
    // Every document in Russian, one also in Italian (rendering a PDF takes a moment).
    const cases = [
      ...list.body.map((document) => ({ document, lang: 'ru' as const })),
      ...list.body.slice(0, 1).map((document) => ({ document, lang: 'it' as const })),
    ];
    for (const { document, lang } of cases) {
      const path = new URL(document.url[lang]).pathname;
      const response = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^inline; filename="${document.id}-${lang}\\.pdf"`),
      );
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(response.rawPayload.length).toBeGreaterThan(2000);
    }
  });

  it('gives different files for different languages', async () => {
    const token = await t.login('partner@demo.test');
    const ru = await t.app.inject({
      url: '/api/v3/documents/marketing_plan/ru',
      headers: { authorization: `Bearer ${token}` },
    });
    const en = await t.app.inject({
      url: '/api/v3/documents/marketing_plan/it',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ru.rawPayload.equals(en.rawPayload)).toBe(false);
  });

  it('refuses an unknown document or language (contract enum: 400) and a missing token (401)', async () => {
    const token = await t.login('user@demo.test');
    expectError(await t.get('/documents/price_list/ru', { token }), 400, 'VALIDATION_FAILED');
    expectError(await t.get('/documents/ethics_code/de', { token }), 400, 'VALIDATION_FAILED');
    expectError(await t.get('/documents/ethics_code/ru'), 401, 'UNAUTHORIZED');
  });
});
