import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify';
import { optionalAuth, requireAuth } from '../auth/authenticate.ts';
import { negotiateLanguage } from '../http/error-messages.ts';
import { HttpError, badRequest, type ErrorDetail } from '../http/errors.ts';
import { unstorableText } from '../http/storable-text.ts';
import { compileSchema, createAjv } from './ajv.ts';
import type { Contract, ContractOperation, JsonSchema } from './load.ts';
import {
  isContractResult,
  type GenericHandler,
  type GenericHandlerContext,
  type Handlers,
  type UploadedFile,
} from './types.ts';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

const strictAjv = createAjv({ coerce: false });
const coercingAjv = createAjv({ coerce: true });

/**
 * Fastify validator compiler for contract routes: JSON bodies are checked as they are; path, query, header and
 * form values (strings on the wire) are coerced to the schema's types.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<JsonSchema> = ({
  schema,
  httpPart,
  contentType,
}) => {
  const isJsonBody = httpPart === 'body' && (contentType === undefined || !FORM_TYPES.has(contentType));
  return compileSchema(isJsonBody ? strictAjv : coercingAjv, schema);
};

export interface ContractRouteConfig {
  operationId: string;
  operation: ContractOperation;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Present on routes built from the contract. */
    contract?: ContractRouteConfig;
  }
  interface FastifyRequest {
    /** Files of a multipart body on a contract route (null before the body is prepared). */
    uploads: UploadedFile[] | null;
  }
}

export interface RegisterContractOptions {
  /** The contract to route, from `loadContract()` (`openapi/api-v3.yaml`) or `contractFromDocument`. */
  contract: Contract;
  /**
   * Frame tests only: an operation without a handler is still routed (security and validation run) and answers
   * 500 INTERNAL. Without this option a missing handler throws at start-up.
   */
  allowMissing?: boolean;
  /** Extra route options per operation (the app adds rate limits here). */
  routeOptions?: (operation: ContractOperation) => Partial<Pick<RouteOptions, 'config'>>;
}

function objectSchema(
  parameters: ContractOperation['parameters'],
  where: 'path' | 'query' | 'header',
): JsonSchema | undefined {
  const list = parameters.filter((p) => p.in === where);
  if (list.length === 0) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of list) {
    const name = where === 'header' ? p.name.toLowerCase() : p.name;
    properties[name] = p.schema;
    if (p.required) required.push(name);
  }
  return { type: 'object', properties, required };
}

function schemaOf(operation: ContractOperation): FastifySchema {
  const schema: FastifySchema = {};
  const params = objectSchema(operation.parameters, 'path');
  const querystring = objectSchema(operation.parameters, 'query');
  const headers = objectSchema(operation.parameters, 'header');
  if (params !== undefined) schema.params = params;
  if (querystring !== undefined) schema.querystring = querystring;
  if (headers !== undefined) schema.headers = headers;
  if (operation.requestBody !== null) {
    const content: Record<string, { schema: JsonSchema }> = {};
    for (const [mediaType, body] of Object.entries(operation.requestBody.content))
      content[mediaType] = { schema: body };
    schema.body = { content };
  }
  return schema;
}

function mediaTypeOf(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  if (header === undefined) return undefined;
  return header.split(';')[0]?.trim().toLowerCase();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

function typesOf(schema: JsonSchema | undefined): string[] {
  if (schema === undefined || typeof schema === 'boolean') return [];
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  const out: string[] = [];
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list: unknown = schema[key];
    if (Array.isArray(list)) for (const item of list as JsonSchema[]) out.push(...typesOf(item));
  }
  return out;
}

function propertySchema(schema: JsonSchema, name: string): JsonSchema | undefined {
  if (typeof schema === 'boolean') return undefined;
  const properties = schema.properties;
  if (isRecord(properties) && name in properties) return properties[name] as JsonSchema;
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const found = propertySchema(item as JsonSchema, name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function itemsSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (schema === undefined || typeof schema === 'boolean') return undefined;
  return typeof schema.items === 'object' && schema.items !== null ? (schema.items as JsonSchema) : undefined;
}

/** A form value that should be an object or array arrives JSON encoded (spec: "other objects JSON encoded"). */
function decodeJsonField(value: unknown, schema: JsonSchema | undefined): unknown {
  if (typeof value !== 'string') return value;
  const types = typesOf(schema);
  if (!types.includes('object') && !types.includes('array')) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

interface MultipartPart {
  type?: unknown;
  value?: unknown;
  filename?: unknown;
  mimetype?: unknown;
  _buf?: unknown;
}

/**
 * Turns a form body (urlencoded, or multipart as `readMultipart` reads it) into plain values shaped by the
 * schema: file parts go to `files` (the field keeps the file name), `name[0]`, `name[1]` become an array, JSON
 * encoded objects are decoded. Number and boolean strings are left to Ajv's coercion.
 */
function normalizeFormBody(raw: unknown, schema: JsonSchema, files: UploadedFile[]): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  const indexed = new Map<string, Map<number, unknown>>();
  const unwrap = (field: string, part: unknown): unknown => {
    if (!isRecord(part) || part.type === undefined) return part;
    const p = part as MultipartPart;
    if (p.type === 'file') {
      const filename = typeof p.filename === 'string' ? p.filename : 'upload';
      files.push({
        field,
        filename,
        mimetype: typeof p.mimetype === 'string' ? p.mimetype : 'application/octet-stream',
        data: Buffer.isBuffer(p._buf) ? p._buf : Buffer.alloc(0),
      });
      return filename;
    }
    return p.value;
  };
  if (!isRecord(raw)) return plain;
  for (const [key, rawValue] of Object.entries(raw)) {
    const value = Array.isArray(rawValue) ? rawValue.map((v) => unwrap(key, v)) : unwrap(key, rawValue);
    const match = /^(.+)\[(\d+)\]$/.exec(key);
    if (match !== null && match[1] !== undefined && match[2] !== undefined) {
      let entries = indexed.get(match[1]);
      if (entries === undefined) {
        entries = new Map();
        indexed.set(match[1], entries);
      }
      entries.set(Number(match[2]), value);
    } else {
      plain[key] = value;
    }
  }
  for (const [name, entries] of indexed) {
    const existing = plain[name];
    const list: unknown[] = Array.isArray(existing)
      ? [...(existing as unknown[])]
      : existing === undefined
        ? []
        : [existing];
    for (const index of [...entries.keys()].sort((a, b) => a - b)) list.push(entries.get(index));
    plain[name] = list;
  }
  for (const [key, value] of Object.entries(plain)) {
    const property = propertySchema(schema, key);
    if (Array.isArray(value)) {
      const items = itemsSchema(property);
      const decoded = value.map((v) => decodeJsonField(v, items));
      plain[key] = typesOf(property).includes('array') || value.length > 1 ? decoded : decoded[0];
    } else {
      plain[key] = decodeJsonField(value, property);
    }
  }
  return plain;
}

/** A multipart refusal: the plugin's limits are 413, anything else busboy or the plugin says is a malformed body. */
function multipartRefusal(error: unknown): HttpError {
  const status =
    typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
  const logMessage = error instanceof Error ? error.message : 'malformed multipart body';
  if (status === 413) {
    return new HttpError(413, 'VALIDATION_FAILED', {
      details: [{ location: 'body', path: '', message: 'the body is too large' }],
      logMessage,
    });
  }
  return badRequest([{ location: 'body', path: '', message: 'the multipart body is malformed' }], {
    logMessage,
  });
}

/**
 * Reads a multipart body (the plugin parses nothing by itself): fields as `{ type: 'field', value }`, files as
 * `{ type: 'file', filename, mimetype, _buf }`, a repeated name as a list. Whatever goes wrong while reading (no
 * boundary, a truncated body, a limit) is a refusal here, never an unexpected error.
 */
async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields = new Map<string, MultipartPart[]>();
  try {
    for await (const part of request.parts()) {
      const entry: MultipartPart =
        part.type === 'file'
          ? { type: 'file', filename: part.filename, mimetype: part.mimetype, _buf: await part.toBuffer() }
          : { type: 'field', value: part.value };
      const list = fields.get(part.fieldname) ?? [];
      list.push(entry);
      fields.set(part.fieldname, list);
    }
  } catch (error) {
    throw multipartRefusal(error);
  }
  const body: Record<string, unknown> = {};
  for (const [name, list] of fields) body[name] = list.length === 1 ? list[0] : list;
  return body;
}

const notAccepted = (mediaType: string | undefined, accepted: readonly string[]): HttpError =>
  new HttpError(415, 'VALIDATION_FAILED', {
    details: [
      {
        location: 'header',
        path: '/content-type',
        message: `content type ${mediaType ?? '(none)'} is not accepted here; use ${accepted.join(' or ')}`,
      },
    ],
  });

function bodyPreparation(operation: ContractOperation) {
  const body = operation.requestBody;
  const accepted = body === null ? [] : Object.keys(body.content);
  return async function prepareBody(request: FastifyRequest): Promise<void> {
    const uploads: UploadedFile[] = [];
    request.uploads = uploads;
    if (body === null) {
      request.body = undefined;
      return;
    }
    const mediaType = mediaTypeOf(request);
    const empty = request.body === undefined || request.body === null;
    if (empty && mediaType === undefined) {
      if (body.required)
        throw badRequest([{ location: 'body', path: '', message: 'a request body is required' }]);
      return;
    }
    if (mediaType === undefined || !accepted.includes(mediaType)) throw notAccepted(mediaType, accepted);
    if (FORM_TYPES.has(mediaType)) {
      const schema = body.content[mediaType] ?? {};
      const raw = mediaType === 'multipart/form-data' ? await readMultipart(request) : request.body;
      request.body = normalizeFormBody(raw, schema, uploads);
    }
  };
}

/** Refuses a request whose path, query or body holds text the database cannot store (server/http/storable-text.ts). */
async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const problem: ErrorDetail | null =
    unstorableText(request.params, 'path') ??
    unstorableText(request.query, 'query') ??
    unstorableText(request.body, 'body') ??
    unstorableText(
      (request.uploads ?? []).map((file) => file.filename),
      'body',
    );
  if (problem !== null) throw badRequest([problem], { logMessage: 'unstorable text in the request' });
}

function securityHook(operation: ContractOperation) {
  const security = operation.security;
  if (security.kind === 'public') return undefined;
  const roles = new Set(security.roles);
  return async function checkSecurity(request: FastifyRequest): Promise<void> {
    if (security.kind === 'bearer') await requireAuth(request);
    else await optionalAuth(request);
    const auth = request.auth;
    if (auth !== null && !roles.has(auth.role)) {
      throw new HttpError(403, 'FORBIDDEN', {
        logMessage: `role ${auth.role} may not call ${operation.operationId}`,
      });
    }
  };
}

function defaultStatus(operation: ContractOperation): number {
  const success = Object.keys(operation.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .sort();
  return success.length > 0 ? Number(success[0]) : 200;
}

function contextFor(
  operation: ContractOperation,
  request: FastifyRequest,
  reply: FastifyReply,
): GenericHandlerContext {
  const headers: Record<string, unknown> = {};
  for (const p of operation.parameters) {
    if (p.in === 'header') headers[p.name] = request.headers[p.name.toLowerCase()];
  }
  const app = request.server;
  return {
    operationId: operation.operationId,
    params: isRecord(request.params) ? request.params : {},
    query: isRecord(request.query) ? request.query : {},
    headers,
    body: request.body,
    files: request.uploads ?? [],
    auth: request.auth,
    get user() {
      if (request.auth === null) throw new HttpError(401, 'UNAUTHORIZED');
      return request.auth;
    },
    lang: negotiateLanguage(request.headers['accept-language']),
    db: app.db,
    config: app.config,
    log: request.log,
    request,
    reply,
  };
}

async function send(
  operation: ContractOperation,
  reply: FastifyReply,
  result: unknown,
): Promise<FastifyReply> {
  if (reply.sent) return reply;
  if (isContractResult(result)) {
    reply.code(result.status);
    for (const [name, value] of Object.entries(result.headers)) reply.header(name, value);
    if (result.body === undefined || result.body === null || result.status === 204 || result.status === 304) {
      return reply.send();
    }
    return reply.send(result.body);
  }
  const status = defaultStatus(operation);
  reply.code(status);
  if (result === undefined) {
    const response = operation.responses[String(status)];
    if (response !== undefined && Object.keys(response.content).length > 0) {
      throw new Error(`handler ${operation.operationId} returned no body for ${status}`);
    }
    return reply.send();
  }
  return reply.send(result);
}

/**
 * Registers one Fastify route per contract operation under the contract's base path, with request validation from
 * the contract, the operation's security and `x-roles`, and the handler named by its operationId.
 * Throws at start-up when an operation has no handler (unless `allowMissing`) or a handler names no operation.
 */
export function registerContractRoutes(
  app: FastifyInstance,
  handlers: Partial<Handlers> | Record<string, GenericHandler>,
  options: RegisterContractOptions,
): Contract {
  const { contract } = options;
  const table = handlers as Record<string, GenericHandler | undefined>;
  const known = new Set(contract.operations.map((op) => op.operationId));
  const unknown = Object.keys(table).filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new Error(`handlers for operations the contract does not have: ${unknown.join(', ')}`);
  const missing = contract.operations
    .filter((op) => table[op.operationId] === undefined)
    .map((op) => op.operationId);
  if (missing.length > 0 && options.allowMissing !== true) {
    throw new Error(`no handler for contract operations: ${missing.join(', ')}`);
  }
  app.setValidatorCompiler(contractValidatorCompiler);
  if (!app.hasRequestDecorator('uploads')) app.decorateRequest('uploads', null);
  for (const operation of contract.operations) {
    const handler: GenericHandler =
      table[operation.operationId] ??
      (async () => {
        throw new Error(`no handler for ${operation.operationId}`);
      });
    const security = securityHook(operation);
    const extra = options.routeOptions?.(operation) ?? {};
    app.route({
      method: operation.method.toUpperCase(),
      url: operation.url,
      schema: schemaOf(operation),
      config: { ...extra.config, contract: { operationId: operation.operationId, operation } },
      ...(security === undefined ? {} : { onRequest: [security] }),
      preValidation: [bodyPreparation(operation), refuseUnstorableText],
      handler: async (request, reply) => {
        const result = await handler(contextFor(operation, request, reply));
        return send(operation, reply, result);
      },
    });
  }
  return contract;
}
