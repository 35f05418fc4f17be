/**
 * Fuzzing the contract (docs/adr/0009-bad-input-never-500.md): for every operation that takes input, at least
 * 200 bad requests generated with fast-check from the operation's own request schemas — wrong types, values
 * past the bounds (ids ≥ 2^31), NUL and unpaired surrogates, over-long and badly percent-encoded path values,
 * extra fields, broken JSON, multipart without a boundary or cut short, unknown content types — sent through
 * `app.inject` to the real app on a seeded database, as a caller allowed to call the operation. Asserted: no
 * answer ≥ 500, every error body in the spec's Error shape, every answer with the security headers. The
 * counts are printed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, type ContractOperation, type JsonSchema } from '#server/contract/load.ts';
import { startTestApp, type TestApp } from '../../support/server/app.ts';
import { errorShapeProblems, securityHeaderProblems } from '../../support/server/answers.ts';

const PER_OPERATION = 200;
const SEED = 20_251_124;

type Schema = Record<string, unknown>;
const asSchema = (schema: JsonSchema | undefined): Schema =>
  typeof schema === 'object' && schema !== null ? schema : {};

const typesOf = (schema: Schema): string[] => {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) return list.flatMap((item) => typesOf(asSchema(item as JsonSchema)));
  }
  if (schema.properties !== undefined) return ['object'];
  return [];
};

/** Strings that break things: NUL, lone surrogates, percent junk, markup, long runs. */
const hostileString = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    'x\ud800y',
    '\udfff',
    '%',
    '%00',
    '%C0%AE',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '\u202e\u200b',
    '😀'.repeat(50),
    '',
    ' ',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 5000 }).map((n) => 'z'.repeat(n)),
);

/** Numbers past what the database holds, and non-integers. */
const hostileNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53 - 1, 2 ** 53, -1, 0, -(2 ** 31) - 1, 1.5, 1e308, -0),
  fc.integer(),
  fc.double({ noNaN: true }),
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);

/** A value the schema probably accepts (so a request can be bad in one place only). */
function plausible(schema: Schema, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = typesOf(schema)[0];
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 ? [] : [plausible(asSchema(schema.items as JsonSchema), depth + 1)];
    case 'object': {
      const properties = asSchema(schema.properties as JsonSchema);
      return depth > 4
        ? {}
        : Object.fromEntries(
            Object.entries(properties).map(([name, item]) => [
              name,
              plausible(asSchema(item as JsonSchema), depth + 1),
            ]),
          );
    }
    case 'string':
      if (schema.format === 'email') return 'fuzz@demo.test';
      if (schema.format === 'date') return '2025-01-01';
      if (schema.format === 'date-time') return '2025-01-01T00:00:00Z';
      return 'a'.repeat(typeof schema.minLength === 'number' ? schema.minLength : 1);
    default:
      return 'a';
  }
}

/** A value this schema should refuse, or a hostile one of its own type. */
function badFor(schema: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const edges: unknown[] = [];
  if (types.includes('integer') || types.includes('number')) {
    if (typeof schema.maximum === 'number') edges.push(schema.maximum + 1);
    if (typeof schema.minimum === 'number') edges.push(schema.minimum - 1);
  }
  if (types.includes('string') && typeof schema.maxLength === 'number')
    edges.push('m'.repeat(schema.maxLength + 1));
  if (Array.isArray(schema.enum)) edges.push('NOT_IN_ENUM');
  return fc.oneof(
    ...(edges.length > 0 ? [fc.constantFrom(...edges)] : []),
    types.includes('string') ? hostileString : hostileNumber,
    anyJson,
  );
}

/** A body for the schema with one or more fields replaced by bad values, or extra fields, or a wrong shape. */
function badBody(schema: Schema): fc.Arbitrary<unknown> {
  const properties = Object.entries(asSchema(schema.properties as JsonSchema));
  const base = plausible(schema);
  if (properties.length === 0 || typeof base !== 'object' || base === null)
    return fc.oneof(badFor(schema), anyJson);
  return fc.oneof(
    fc
      .tuple(
        fc.subarray(properties, { minLength: 1 }),
        fc.array(fc.oneof(hostileString, hostileNumber, anyJson), {
          minLength: properties.length,
          maxLength: properties.length,
        }),
      )
      .chain(([chosen]) =>
        fc.tuple(
          ...chosen.map(([name, item]) =>
            badFor(asSchema(item as JsonSchema)).map((value) => [name, value] as const),
          ),
        ),
      )
      .map((pairs) => ({ ...base, ...Object.fromEntries(pairs) })),
    fc
      .dictionary(fc.string({ maxLength: 10 }), anyJson, { maxKeys: 4 })
      .map((extra) => ({ ...base, ...extra })),
    anyJson,
  );
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const RAW_PATH_VALUES = [
  '%',
  '%C0%AE',
  '%00',
  '9'.repeat(120),
  '2147483648',
  '9007199254740991',
  '-1',
  '0',
  '1.5',
  'abc',
  '%E2%80%AE',
];

/** Percent-encodes the UTF-8 bytes (a lone surrogate, which no URL can carry, becomes U+FFFD's bytes). */
function encodePathValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function encodeForm(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return encodePathValue(value);
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value))
    params.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
  return params.toString();
}

function multipart(value: unknown, mode: 'ok' | 'no-boundary' | 'truncated'): { type: string; body: string } {
  const fields =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value)
      : [['x', value]];
  const parts = fields
    .map(
      ([key, item]) =>
        `--fz\r\nContent-Disposition: form-data; name="${String(key).replace(/"/g, '')}"\r\n\r\n${typeof item === 'string' ? item : JSON.stringify(item)}\r\n`,
    )
    .join('');
  if (mode === 'no-boundary') return { type: 'multipart/form-data', body: `${parts}--fz--\r\n` };
  if (mode === 'truncated')
    return { type: 'multipart/form-data; boundary=fz', body: parts.slice(0, Math.max(5, parts.length - 7)) };
  return { type: 'multipart/form-data; boundary=fz', body: `${parts}--fz--\r\n` };
}

type BodyKind =
  | 'json'
  | 'broken-json'
  | 'form'
  | 'multipart'
  | 'multipart-no-boundary'
  | 'multipart-truncated'
  | 'text'
  | 'xml'
  | 'unknown'
  | 'none';

function requestsFor(
  operation: ContractOperation,
  basePath: string,
  token: string | null,
): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const headerParams = operation.parameters.filter((p) => p.in === 'header');
  const pathArb = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        fc.constantFrom(...RAW_PATH_VALUES),
        badFor(asSchema(p.schema)).map(encodePathValue),
        fc.constant(encodePathValue(plausible(asSchema(p.schema)))),
      ),
    ),
  );
  const queryArb = fc.tuple(
    ...queryParams.map((p) =>
      fc.oneof(
        fc.constant<string | null>(null),
        fc.constant(`${p.name}=${encodePathValue(plausible(asSchema(p.schema)))}`),
        badFor(asSchema(p.schema)).map((v) => `${p.name}=${encodePathValue(v)}`),
        fc.constantFrom(
          `${p.name}=%`,
          `${p.name}=a%00b`,
          `${p.name}=%C0`,
          `${p.name}[]=1&${p.name}=2`,
          `${p.name}=${'9'.repeat(400)}`,
        ),
      ),
    ),
  );
  const schemaOfBody = asSchema(Object.values(operation.requestBody?.content ?? {})[0]);
  const accepted = Object.keys(operation.requestBody?.content ?? {});
  const kinds: BodyKind[] = [
    'json',
    'broken-json',
    'form',
    'multipart',
    'multipart-no-boundary',
    'multipart-truncated',
    'text',
    'xml',
    'unknown',
    'none',
  ];
  const bodyArb = fc.tuple(
    operation.requestBody === null
      ? fc.constantFrom<BodyKind>('none', 'json', 'multipart-truncated', 'unknown')
      : fc.constantFrom(...kinds),
    badBody(schemaOfBody),
  );
  const headerArb = fc.tuple(
    ...headerParams.map(() =>
      fc.oneof(
        hostileString.filter((s) => /^[\x21-\x7e]*$/.test(s)),
        fc.constant('fuzz-key-0001'),
      ),
    ),
  );
  return fc
    .tuple(pathArb, queryArb, bodyArb, headerArb, fc.boolean())
    .map(([pathValues, queryValues, [kind, body], headerValues]) => {
      let path = operation.path;
      pathParams.forEach((p, i) => {
        path = path.replace(`{${p.name}}`, pathValues[i] ?? '');
      });
      const query = queryValues.filter((q): q is string => q !== null).join('&');
      const headers: Record<string, string> = {};
      headerParams.forEach((p, i) => {
        const value = headerValues[i];
        if (value !== undefined && value !== '') headers[p.name.toLowerCase()] = value;
      });
      // Mostly as a caller allowed in (so the request reaches validation and the handler), sometimes without a token.
      if (token !== null) headers.authorization = `Bearer ${token}`;
      const request: FuzzRequest = {
        method: operation.method.toUpperCase(),
        url: `${basePath}${path}${query === '' ? '' : `?${query}`}`,
        headers,
      };
      const json = JSON.stringify(body) ?? 'null';
      switch (kind) {
        case 'json':
          headers['content-type'] =
            accepted.includes('application/json') || accepted.length === 0
              ? 'application/json'
              : 'application/json';
          request.payload = json;
          break;
        case 'broken-json':
          headers['content-type'] = 'application/json';
          request.payload = json.slice(0, Math.max(1, json.length - 1)) + (json.length % 2 === 0 ? ',' : '');
          break;
        case 'form':
          headers['content-type'] = 'application/x-www-form-urlencoded';
          request.payload = encodeForm(body);
          break;
        case 'multipart':
        case 'multipart-no-boundary':
        case 'multipart-truncated': {
          const built = multipart(
            body,
            kind === 'multipart' ? 'ok' : kind === 'multipart-truncated' ? 'truncated' : 'no-boundary',
          );
          headers['content-type'] = built.type;
          request.payload = built.body;
          break;
        }
        case 'text':
          headers['content-type'] = 'text/plain';
          request.payload = json;
          break;
        case 'xml':
          headers['content-type'] = 'application/xml';
          request.payload = `<КоммерческаяИнформация>${json}`;
          break;
        case 'unknown':
          headers['content-type'] = 'application/x-fuzz';
          request.payload = json;
          break;
        case 'none':
          break;
      }
      return request;
    });
}

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ checkContract: false });
  // partner_warehouse: a role every bearer operation allows.
  token = await t.login('pw@demo.test');
});

afterAll(async () => {
  await t.close();
});

describe('the contract under fuzzing', () => {
  it(`answers ${PER_OPERATION} generated bad requests per operation that takes input: no 5xx, the Error shape, the security headers`, async () => {
    const contract = await loadContract();
    const operations = contract.operations.filter(
      (op) => op.parameters.length > 0 || op.requestBody !== null,
    );
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const [index, operation] of operations.entries()) {
      const caller = operation.security.kind === 'public' ? null : token;
      const requests = fc.sample(requestsFor(operation, contract.basePath, caller), {
        numRuns: PER_OPERATION,
        seed: SEED + index,
      });
      for (const [i, request] of requests.entries()) {
        // One in ten without the token: the refusal order (401 before the body) is fuzzed too.
        if (i % 10 === 9) delete request.headers.authorization;
        const answer = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        sent++;
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        const found = [
          ...(answer.statusCode >= 500 ? [`status ${answer.statusCode}`] : []),
          ...(answer.statusCode >= 400
            ? errorShapeProblems(answer.statusCode, String(answer.headers['content-type']), answer.body)
            : []),
          ...securityHeaderProblems(answer.headers),
        ];
        if (found.length > 0 && problems.length < 30) {
          problems.push(
            `${operation.operationId}: ${request.method} ${request.url.slice(0, 160)} [${request.headers['content-type'] ?? '-'}] → ${answer.statusCode}: ${found.join(', ')} ${answer.body.slice(0, 160)}`,
          );
        }
      }
    }
    const fiveHundreds = [...statuses]
      .filter(([status]) => status >= 500)
      .reduce((n, [, count]) => n + count, 0);
    console.log(
      `fuzz: ${operations.length} operations, ${sent} requests, 5xx = ${fiveHundreds}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(operations.length).toBeGreaterThanOrEqual(38);
    expect(sent).toBeGreaterThanOrEqual(operations.length * PER_OPERATION);
    expect(problems).toEqual([]);
  }, 240_000);
});
