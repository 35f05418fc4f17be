import type { Kysely } from 'kysely';
import { hashPassword, verifyPassword } from '#server/auth/password.ts';
import { signAccessToken } from '#server/auth/token.ts';
import { contractFromDocument } from '#server/contract/load.ts';
import { file, redirect, respond, type GenericHandler } from '#server/contract/types.ts';
import type { DB } from '#server/db/schema.ts';
import { conflict, HttpError, notFound, unprocessable } from '#server/http/errors.ts';

/** A small contract in the shape of api-v3.yaml, so the frame is tested without the real routes. */
export const fixtureDocument = {
  openapi: '3.1.0',
  info: { title: 'frame fixture', version: '1' },
  servers: [{ url: '{host}/api/v3', variables: { host: { default: 'http://127.0.0.1:8080' } } }],
  paths: {
    '/users/login': {
      post: {
        operationId: 'login',
        security: [],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/LoginForm' } },
            'multipart/form-data': { schema: { $ref: '#/components/schemas/LoginForm' } },
          },
        },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/AccessToken' } } },
          },
          '400': { $ref: '#/components/responses/Error' },
          '401': { $ref: '#/components/responses/Error' },
          '429': { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } }],
      get: {
        operationId: 'getThing',
        security: [{ bearerAuth: [] }],
        'x-roles': ['partner', 'partner_warehouse'],
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string', maxLength: 10 } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          '400': { $ref: '#/components/responses/Error' },
          '401': { $ref: '#/components/responses/Error' },
          '403': { $ref: '#/components/responses/Error' },
          '404': { $ref: '#/components/responses/Error' },
        },
      },
      delete: {
        operationId: 'deleteThing',
        security: [{ bearerAuth: [] }],
        'x-roles': ['partner', 'warehouse', 'partner_warehouse', 'user'],
        responses: {
          '204': { description: 'deleted' },
          '401': { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/things': {
      post: {
        operationId: 'createThing',
        security: [{ bearerAuth: [] }],
        'x-roles': ['partner', 'warehouse', 'partner_warehouse', 'user'],
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: true,
            schema: { type: 'string', minLength: 8, maxLength: 128 },
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingInput' } } },
        },
        responses: {
          '201': {
            description: 'created',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          '400': { $ref: '#/components/responses/Error' },
          '401': { $ref: '#/components/responses/Error' },
          '409': { $ref: '#/components/responses/Error' },
          '422': { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/warehouse-only': {
      get: {
        operationId: 'warehouseOnly',
        security: [{ bearerAuth: [] }],
        'x-roles': ['warehouse', 'partner_warehouse'],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
          '401': { $ref: '#/components/responses/Error' },
          '403': { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/export.csv': {
      get: {
        operationId: 'exportCsv',
        security: [],
        responses: { '200': { description: 'csv', content: { 'text/csv': { schema: { type: 'string' } } } } },
      },
    },
    '/go': {
      get: {
        operationId: 'goSomewhere',
        security: [],
        responses: { '303': { description: 'see other' } },
      },
    },
    '/upload': {
      post: {
        operationId: 'upload',
        security: [],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['orderId', 'items', 'meta'],
                properties: {
                  orderId: { type: 'integer', minimum: 1 },
                  items: {
                    type: 'array',
                    items: { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } },
                  },
                  meta: {
                    type: 'object',
                    required: ['returnUrl'],
                    properties: { returnUrl: { type: 'string' } },
                  },
                  receipt: { type: 'string', contentMediaType: 'application/octet-stream' },
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
          '400': { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/boom': {
      get: {
        operationId: 'boom',
        security: [],
        responses: { '500': { $ref: '#/components/responses/Error' } },
      },
    },
    '/wrong-shape': {
      get: {
        operationId: 'wrongShape',
        security: [],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    },
  },
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    responses: {
      Error: {
        description: 'error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
    schemas: {
      Id: { type: 'integer', format: 'int64', minimum: 1 },
      LoginForm: {
        type: 'object',
        additionalProperties: false,
        required: ['email', 'password'],
        properties: {
          email: { type: 'string', format: 'email' },
          password: { type: 'string', minLength: 1 },
        },
      },
      AccessToken: {
        type: 'object',
        required: ['access_token', 'token_type'],
        properties: { access_token: { type: 'string' }, token_type: { const: 'Bearer' } },
      },
      Thing: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'page'],
        properties: {
          id: { $ref: '#/components/schemas/Id' },
          name: { type: 'string' },
          page: { type: 'integer' },
          tags: { type: 'array', items: { type: 'string' } },
          trace: { type: ['string', 'null'] },
        },
      },
      ThingInput: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'quantity'],
        properties: { name: { type: 'string', minLength: 1 }, quantity: { type: 'integer', minimum: 1 } },
      },
      Error: {
        type: 'object',
        required: ['code', 'status', 'title', 'message', 'translations'],
        properties: {
          code: { type: 'string', pattern: '^[A-Z_]+$' },
          status: { type: 'integer', minimum: 400, maximum: 599 },
          title: { type: 'string' },
          message: { type: 'string' },
          translations: {
            type: 'object',
            required: ['ru', 'en', 'ro', 'uk', 'it'],
            properties: {
              ru: { type: 'string' },
              en: { type: 'string' },
              ro: { type: 'string' },
              uk: { type: 'string' },
              it: { type: 'string' },
            },
          },
          details: {
            type: 'array',
            items: {
              type: 'object',
              required: ['location', 'path', 'message'],
              properties: {
                location: { enum: ['body', 'query', 'path', 'header'] },
                path: { type: 'string' },
                message: { type: 'string' },
              },
            },
          },
          thing: { $ref: '#/components/schemas/Thing' },
        },
      },
    },
  },
} as const;

export const fixtureContract = await contractFromDocument(fixtureDocument);

/** Handlers for the fixture contract: a real login against the users table, and small probes of the frame. */
export const fixtureHandlers: Record<string, GenericHandler> = {
  async login({ body, db, config }) {
    const form = body as { email: string; password: string };
    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash', 'is_warehouse', 'is_partner', 'session_version'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', form.email.toLowerCase()))
      .executeTakeFirst();
    if (user === undefined || !(await verifyPassword(form.password, user.password_hash))) {
      throw new HttpError(401, 'INVALID_CREDENTIALS');
    }
    const token = await signAccessToken(
      { userId: user.id, wh: user.is_warehouse, par: user.is_partner, sessionVersion: user.session_version },
      config,
    );
    return { access_token: token, token_type: 'Bearer' };
  },
  async getThing({ params, query, headers, user }) {
    const id = params.id as number;
    if (id === 404) throw notFound();
    return {
      id,
      name: `thing of ${user.role}`,
      page: query.page as number,
      ...(query.tags === undefined ? {} : { tags: query.tags as string[] }),
      trace: typeof headers['X-Trace'] === 'string' ? headers['X-Trace'] : null,
    };
  },
  async deleteThing() {
    return undefined;
  },
  async createThing({ body, headers }) {
    const input = body as { name: string; quantity: number };
    if (input.name === 'taken') {
      throw conflict('VERSION_CONFLICT', { thing: { id: 7, name: 'taken', page: 1 } });
    }
    if (input.quantity > 5)
      throw unprocessable('OUT_OF_STOCK', [{ location: 'body', path: '/quantity', message: 'only 5 left' }]);
    return respond(201, {
      id: 1,
      name: `${input.name} x${input.quantity}`,
      page: 1,
      trace: String(headers['Idempotency-Key']),
    });
  },
  async warehouseOnly({ user }) {
    return { role: user.role };
  },
  async exportCsv() {
    return file('id;name\n1;Crème\n', 'text/csv; charset=utf-8', 'things.csv', 'attachment');
  },
  async goSomewhere({ config }) {
    return redirect(`${config.publicUrl}/payment/success`);
  },
  async upload({ body, files }) {
    return {
      body,
      files: files.map((f) => ({
        field: f.field,
        filename: f.filename,
        size: f.data.length,
        text: f.data.toString('utf8'),
      })),
    };
  },
  async boom() {
    throw new Error('database exploded at /srv/secret/path.ts:42');
  },
  async wrongShape() {
    return { id: 'not-a-number', name: 'x', page: 1 };
  },
};

export async function insertUser(
  db: Kysely<DB>,
  user: { email: string; password: string; wh: boolean; par: boolean },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: await hashPassword(user.password, { N: 1024, r: 8, p: 1 }),
      full_name: user.email,
      is_warehouse: user.wh,
      is_partner: user.par,
      email_confirmed: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
