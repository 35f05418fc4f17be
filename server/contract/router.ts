import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify';
import { optionalAuth, requireAuth } from '../auth/authenticate.ts';
import { negotiateLanguage } from '../http/error-messages.ts';
import { HttpError, badRequest, type ErrorDetail } from '../http/errors.ts';
import { unstorableText } from '../http/storable-text.ts';
import { compileSchema, createAjv } from './ajv.ts';
import type { Contract, ContractOperation, JsonSchema } from './load.ts';
import { FORM_TYPES, bodyPreparation, isRecord } from './request-body.ts';
import {
  isContractResult,
  type GenericHandler,
  type GenericHandlerContext,
  type Handlers,
  type UploadedFile,
} from './types.ts';

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
