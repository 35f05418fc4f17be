import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '#server/auth/token.ts';
import { contractFromDocument, loadContract, type ContractOperation } from '#server/contract/load.ts';
import { registerContractRoutes } from '#server/contract/router.ts';
import { ERROR_CODES, ERROR_MESSAGES, LANGUAGES } from '#server/http/error-messages.ts';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../../support/server/app.ts';
import { expectResponseMatchesContract, operationFor } from '../../support/server/contract.ts';
import { fixtureDocument, insertUser } from './fixture-contract.ts';

const contract = await loadContract();

/** A URL for an operation with every path parameter set to 1. */
const urlOf = (op: ContractOperation): string => op.url.replace(/:[A-Za-z]+/g, '1');

describe('openapi/api-v3.yaml as the router reads it', () => {
  it('has unique operationIds, and every secured operation lists its roles', () => {
    expect(contract.basePath).toBe('/api/v3');
    expect(contract.operations.length).toBeGreaterThanOrEqual(20);
    const ids = contract.operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of contract.operations) {
      if (op.security.kind !== 'public') expect(op.security.roles.length, op.operationId).toBeGreaterThan(0);
    }
  });

  it('declares a message in every language for every error code the contract names', () => {
    const schemas = (contract.document.components as { schemas: Record<string, { enum?: string[] }> })
      .schemas;
    const codes = schemas.ErrorCode?.enum ?? [];
    expect(codes.length).toBeGreaterThan(10);
    expect([...ERROR_CODES].sort()).toEqual([...codes].sort());
    for (const code of ERROR_CODES) {
      const text = ERROR_MESSAGES[code];
      for (const lang of LANGUAGES) {
        expect(text.title[lang].length, `${code} title ${lang}`).toBeGreaterThan(0);
        expect(text.message[lang].length, `${code} message ${lang}`).toBeGreaterThan(0);
      }
      expect(new Set(LANGUAGES.map((lang) => text.message[lang])).size, `${code} translated`).toBe(
        LANGUAGES.length,
      );
    }
  });

  it('refuses a contract with a circular $ref, a secured operation without x-roles, or an unknown scheme', async () => {
    const circular = structuredClone(fixtureDocument) as unknown as {
      components: { schemas: Record<string, unknown> };
    };
    circular.components.schemas.Thing = {
      type: 'object',
      properties: { child: { $ref: '#/components/schemas/Thing' } },
    };
    await expect(contractFromDocument(circular)).rejects.toThrow(
      /circular \$ref "#\/components\/schemas\/Thing"/,
    );

    const dangling = structuredClone(fixtureDocument) as unknown as {
      components: { schemas: Record<string, unknown> };
    };
    delete dangling.components.schemas.ThingInput;
    await expect(contractFromDocument(dangling)).rejects.toThrow(
      /Can't resolve \$ref at #\/paths\/~1things\/post\/requestBody\/content\/application~1json\/schema/,
    );

    const noRoles = structuredClone(fixtureDocument) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    delete noRoles.paths['/warehouse-only']?.get?.['x-roles'];
    await expect(contractFromDocument(noRoles)).rejects.toThrow(
      /GET \/warehouse-only: a secured operation must list its roles/,
    );

    const basic = structuredClone(fixtureDocument) as unknown as {
      components: { securitySchemes: Record<string, unknown> };
    };
    basic.components.securitySchemes.bearerAuth = { type: 'http', scheme: 'basic' };
    await expect(contractFromDocument(basic)).rejects.toThrow(/not supported/);
  });
});

describe('registering the real contract', () => {
  let t: TestApp;
  let userToken: string;

  beforeAll(async () => {
    t = await startTestApp({ handlers: {}, allowMissingHandlers: true, checkContract: false });
    const id = await insertUser(t.db, {
      email: 'frame-plain-user@test.md',
      password: 'frame-pass-1',
      wh: false,
      par: false,
    });
    userToken = await signAccessToken(
      { userId: id, wh: false, par: false, sessionVersion: 1 },
      { jwtSecret: TEST_JWT_SECRET, tokenTtlSeconds: 600 },
    );
  });

  afterAll(async () => {
    await t.close();
  });

  it('routes every operation: secured ones answer 401 without a token, none is 404', async () => {
    for (const op of contract.operations) {
      const response = await t.app.inject({ method: op.method.toUpperCase() as 'GET', url: urlOf(op) });
      expect(response.statusCode, `${op.method} ${op.path}`).not.toBe(404);
      if (op.security.kind === 'bearer') {
        expect(response.statusCode, `${op.method} ${op.path}`).toBe(401);
        expectResponseMatchesContract(op.method, op.path, 401, response.json());
      }
    }
  });

  it('answers 403 to a role that x-roles leaves out', async () => {
    const forbidden = contract.operations.filter(
      (op) => op.security.kind === 'bearer' && !op.security.roles.includes('user'),
    );
    expect(forbidden.length).toBeGreaterThan(0);
    for (const op of forbidden) {
      const response = await t.app.inject({
        method: op.method.toUpperCase() as 'GET',
        url: urlOf(op),
        headers: { authorization: `Bearer ${userToken}` },
      });
      expect(response.statusCode, `${op.method} ${op.path}`).toBe(403);
      expectResponseMatchesContract(op.method, op.path, 403, response.json());
    }
  });

  it('refuses to start when an operation has no handler, or a handler names no operation', async () => {
    const app = (await import('fastify')).default();
    expect(() => registerContractRoutes(app, {}, { contract })).toThrow(
      /no handler for contract operations: .*login/,
    );
    expect(() =>
      registerContractRoutes(app, { noSuchOperation: async () => ({}) }, { contract, allowMissing: true }),
    ).toThrow(/handlers for operations the contract does not have: noSuchOperation/);
    await app.close();
  });
});

describe('expectResponseMatchesContract', () => {
  const errorBody = {
    code: 'NOT_FOUND',
    status: 404,
    title: 'Not Found',
    message: 'x',
    translations: { ru: 'a', en: 'b', ro: 'c', uk: 'd', it: 'e' },
  };

  it('passes an allowed answer and finds operations by path template', () => {
    const op = contract.operations.find((o) => o.security.kind === 'bearer');
    expect(op).toBeDefined();
    if (op === undefined) return;
    expect(operationFor(op.method, op.path).operationId).toBe(op.operationId);
    expect(() =>
      expectResponseMatchesContract(op.method, op.path, 401, {
        ...errorBody,
        code: 'UNAUTHORIZED',
        status: 401,
      }),
    ).not.toThrow();
  });

  it('fails readably for a wrong body, an undeclared status and an unknown path', () => {
    const op = contract.operations.find((o) => o.security.kind === 'bearer');
    if (op === undefined) throw new Error('no secured operation');
    expect(() =>
      expectResponseMatchesContract(op.method, op.path, 401, {
        ...errorBody,
        code: 'NOPE',
        translations: {},
      }),
    ).toThrow(
      /\/code: must be equal to one of the allowed values.*\n.*\/translations: must have required property 'ru'/s,
    );
    expect(() => expectResponseMatchesContract(op.method, op.path, 418, errorBody)).toThrow(
      /status 418 is not declared/,
    );
    expect(() => operationFor('get', '/no/such/path')).toThrow(/the contract has no GET \/no\/such\/path/);
  });
});
