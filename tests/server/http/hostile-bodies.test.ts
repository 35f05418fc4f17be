/**
 * Bodies nested thousands of levels deep and bodies carrying NUL, sent to every operation that takes a body, in
 * every content type the operation accepts (JSON, urlencoded, multipart), by a caller allowed to call it: each is
 * 400 `VALIDATION_FAILED` in the Error shape with the security headers (docs/adr/0009-bad-input-never-500.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type ContractOperation, type JsonSchema } from '#server/contract/load.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';
import { expectRefusal } from '#tests/support/server/answers.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  // partner_warehouse may call every bearer operation.
  token = await t.login('pw@demo.test');
});

afterAll(async () => {
  await t.close();
});

const DEPTH = 5000;
/** `{"a":[[[[…]]]]}` — far deeper than any schema of the contract. */
const deepJson = `{"a":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

const propertiesOf = (schema: JsonSchema): Record<string, JsonSchema> => {
  if (typeof schema !== 'object') return {};
  const own = typeof schema.properties === 'object' ? (schema.properties as Record<string, JsonSchema>) : {};
  const nested = ['oneOf', 'anyOf', 'allOf'].flatMap((key) =>
    Array.isArray(schema[key]) ? (schema[key] as JsonSchema[]) : [],
  );
  return Object.assign({}, ...nested.map(propertiesOf), own) as Record<string, JsonSchema>;
};

/** A field of the body's schema (the first, or `email` where there is one), to carry the hostile value. */
const fieldOf = (schema: JsonSchema): string => {
  const names = Object.keys(propertiesOf(schema));
  return names.includes('email') ? 'email' : (names[0] ?? 'a');
};

function urlOf(operation: ContractOperation): string {
  let path = operation.path;
  for (const p of operation.parameters.filter((p) => p.in === 'path')) {
    const schema = p.schema as Record<string, unknown>;
    const value = Array.isArray(schema.enum) ? String(schema.enum[0]) : schema.type === 'string' ? 'ru' : '1';
    path = path.replace(`{${p.name}}`, value);
  }
  return `/api/v3${path}`;
}

function multipartOf(fields: Record<string, string>): { type: string; body: string } {
  const parts = Object.entries(fields)
    .map(([name, value]) => `--hb\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  return { type: 'multipart/form-data; boundary=hb', body: `${parts}--hb--\r\n` };
}

function payloads(
  mediaType: string,
  schema: JsonSchema,
): Array<{ what: string; type: string; body: string }> {
  const field = fieldOf(schema);
  const nul = 'a\u0000b';
  switch (mediaType) {
    case 'application/json':
      return [
        { what: 'deep JSON', type: mediaType, body: deepJson },
        { what: 'deep JSON array', type: mediaType, body: deepArray },
        { what: 'NUL in JSON', type: mediaType, body: JSON.stringify({ [field]: nul }) },
      ];
    case 'application/x-www-form-urlencoded':
      return [
        {
          what: 'deep JSON in a form field',
          type: mediaType,
          body: new URLSearchParams({ [field]: deepArray }).toString(),
        },
        {
          what: 'NUL in a form',
          type: mediaType,
          body: new URLSearchParams({ [field]: nul, password: nul }).toString(),
        },
      ];
    case 'multipart/form-data': {
      const deep = multipartOf({ [field]: deepArray });
      const withNul = multipartOf({ [field]: nul, password: nul });
      return [
        { what: 'deep JSON in a multipart field', type: deep.type, body: deep.body },
        { what: 'NUL in multipart', type: withNul.type, body: withNul.body },
      ];
    }
    default:
      return [];
  }
}

describe('hostile bodies on every operation', () => {
  it('deep nesting and NUL in every accepted content type are 400 in the Error shape', async () => {
    const contract = await loadContract();
    const answers: string[] = [];
    let sent = 0;
    for (const operation of contract.operations) {
      // The 1C exchange reads its body as a CommerceML file (tests/server/exchange/xml.test.ts).
      if (operation.requestBody === null || operation.operationId.startsWith('exchange1c')) continue;
      for (const [mediaType, schema] of Object.entries(operation.requestBody.content)) {
        for (const payload of payloads(mediaType, schema)) {
          const answer = await t.app.inject({
            method: operation.method.toUpperCase() as 'POST',
            url: urlOf(operation),
            headers: {
              'content-type': payload.type,
              ...(operation.security.kind === 'public' ? {} : { authorization: `Bearer ${token}` }),
            },
            payload: payload.body,
          });
          sent++;
          try {
            expectRefusal(answer, 400);
          } catch {
            answers.push(
              `${operation.operationId} ${payload.what}: ${answer.statusCode} ${answer.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(sent).toBeGreaterThanOrEqual(50);
    expect(answers).toEqual([]);
  });
});
