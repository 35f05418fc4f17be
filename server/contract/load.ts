import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { isRole, type Role } from '../auth/roles.ts';

/** A JSON Schema (2020-12) taken from the contract, `$ref`s already replaced. */
export type JsonSchema = { [keyword: string]: unknown } | boolean;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ContractParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: JsonSchema;
}

export interface ContractRequestBody {
  required: boolean;
  /** Media type (lower case, e.g. `application/json`, `multipart/form-data`) → schema. */
  content: Record<string, JsonSchema>;
}

export interface ContractResponse {
  /** Media type → schema; empty for a response without a body (204, 303). */
  content: Record<string, JsonSchema>;
  headers: Record<string, { required: boolean; schema: JsonSchema }>;
}

/**
 * Who may call an operation:
 * - `public`: `security: []` (or no security at all) and no `x-roles`;
 * - `optional`: the security list holds `{}` beside bearer: a token is read when valid, never required;
 * - `bearer`: a valid bearer token is required, and the role must be one of `roles`.
 */
export type OperationSecurity =
  { kind: 'public' } | { kind: 'optional'; roles: Role[] } | { kind: 'bearer'; roles: Role[] };

export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** Path template as the contract writes it, without the server prefix: `/orders/get/{id}`. */
  path: string;
  /** Fastify route URL: `/api/v3/orders/get/:id`. */
  url: string;
  parameters: ContractParameter[];
  requestBody: ContractRequestBody | null;
  /** Status code (`'200'`, `'4XX'`, `'default'`) → response. */
  responses: Record<string, ContractResponse>;
  security: OperationSecurity;
  tags: string[];
  extension: boolean;
}

export interface Contract {
  /** The server prefix every path is mounted under (`/api/v3`). */
  basePath: string;
  operations: ContractOperation[];
  /** The whole document with every `$ref` replaced. */
  document: Record<string, unknown>;
}

export class ContractError extends Error {
  constructor(message: string) {
    super(`openapi contract: ${message}`);
    this.name = 'ContractError';
  }
}

export const DEFAULT_CONTRACT_PATH = fileURLToPath(new URL('../../openapi/api-v3.yaml', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pointerGet(root: Json, ref: string): Json {
  if (!ref.startsWith('#/')) throw new ContractError(`only local $refs are supported, got "${ref}"`);
  let node: Json = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      const item: Json | undefined = node[Number(key)];
      if (item === undefined) throw new ContractError(`$ref "${ref}" does not resolve`);
      node = item;
    } else if (isObject(node) && Object.hasOwn(node, key)) {
      const next: Json | undefined = node[key];
      if (next === undefined) throw new ContractError(`$ref "${ref}" does not resolve`);
      node = next;
    } else {
      throw new ContractError(`$ref "${ref}" does not resolve`);
    }
  }
  return node;
}

/** Keywords that may sit beside a `$ref` without changing what it validates. */
const ANNOTATIONS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'deprecated',
  '$comment',
]);

/**
 * Replaces every local `$ref` by what it points to. A resolved target is shared between its uses (the tree is a
 * DAG, which Ajv accepts). A `$ref` with non-annotation siblings becomes `allOf: [target]` plus the siblings, the
 * 2020-12 meaning. A circular reference is refused: the contract has no recursive shapes, so one is a mistake.
 */
export function dereference(document: JsonObject): JsonObject {
  const resolved = new Map<string, Json>();
  const inProgress = new Set<string>();

  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const target = resolveRef(ref);
      const siblings = Object.keys(node).filter((k) => k !== '$ref');
      if (siblings.length === 0) return target;
      const extra: JsonObject = {};
      for (const key of siblings) extra[key] = walk(node[key] ?? null);
      if (siblings.every((k) => ANNOTATIONS.has(k)) && isObject(target)) return { ...target, ...extra };
      return { allOf: [target], ...extra };
    }
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) out[key] = walk(value);
    return out;
  };

  const resolveRef = (ref: string): Json => {
    const done = resolved.get(ref);
    if (done !== undefined) return done;
    if (inProgress.has(ref)) throw new ContractError(`circular $ref "${ref}"`);
    inProgress.add(ref);
    const value = walk(pointerGet(document, ref));
    inProgress.delete(ref);
    resolved.set(ref, value);
    return value;
  };

  const out = walk(document);
  if (!isObject(out)) throw new ContractError('the document is not an object');
  return out;
}

function basePathOf(document: JsonObject): string {
  const servers = document.servers;
  const first = Array.isArray(servers) ? servers[0] : undefined;
  const url = isObject(first) && typeof first.url === 'string' ? first.url : '/';
  const withoutVariables = url.replace(/^\{[^}]+\}/, '');
  const path = /^[a-z]+:\/\//i.test(withoutVariables) ? new URL(withoutVariables).pathname : withoutVariables;
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

const toSchema = (value: Json | undefined): JsonSchema =>
  isObject(value) || typeof value === 'boolean' ? value : {};

function parametersOf(pathItem: JsonObject, operation: JsonObject, where: string): ContractParameter[] {
  const byKey = new Map<string, ContractParameter>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new ContractError(`${where}: parameters must be a list`);
    for (const raw of list) {
      if (!isObject(raw) || typeof raw.name !== 'string' || typeof raw.in !== 'string') {
        throw new ContractError(`${where}: a parameter lacks name or in`);
      }
      const location = raw.in;
      if (location !== 'path' && location !== 'query' && location !== 'header' && location !== 'cookie') {
        throw new ContractError(`${where}: parameter ${raw.name} has an unknown location "${location}"`);
      }
      byKey.set(`${location}:${raw.name}`, {
        name: raw.name,
        in: location,
        required: location === 'path' ? true : raw.required === true,
        schema: toSchema(raw.schema),
      });
    }
  }
  return [...byKey.values()];
}

function contentOf(value: Json | undefined): Record<string, JsonSchema> {
  const content: Record<string, JsonSchema> = {};
  if (!isObject(value)) return content;
  for (const [mediaType, media] of Object.entries(value)) {
    content[mediaType.toLowerCase()] = isObject(media) ? toSchema(media.schema) : {};
  }
  return content;
}

function securityOf(document: JsonObject, operation: JsonObject, where: string): OperationSecurity {
  const rawRoles = operation['x-roles'];
  let roles: Role[] | null = null;
  if (rawRoles !== undefined) {
    if (!Array.isArray(rawRoles) || !rawRoles.every(isRole)) {
      throw new ContractError(
        `${where}: x-roles must list roles of partner_warehouse, warehouse, partner, user`,
      );
    }
    roles = rawRoles.filter(isRole);
  }
  const requirements = operation.security ?? document.security ?? [];
  if (!Array.isArray(requirements)) throw new ContractError(`${where}: security must be a list`);
  const schemes = document.components;
  const securitySchemes =
    isObject(schemes) && isObject(schemes.securitySchemes) ? schemes.securitySchemes : {};
  let bearer = false;
  let anonymous = false;
  for (const requirement of requirements) {
    if (!isObject(requirement)) throw new ContractError(`${where}: a security requirement must be an object`);
    const names = Object.keys(requirement);
    if (names.length === 0) anonymous = true;
    for (const name of names) {
      const scheme = securitySchemes[name];
      if (!isObject(scheme)) throw new ContractError(`${where}: unknown security scheme "${name}"`);
      if (
        scheme.type === 'http' &&
        typeof scheme.scheme === 'string' &&
        scheme.scheme.toLowerCase() === 'bearer'
      ) {
        bearer = true;
      } else {
        throw new ContractError(`${where}: security scheme "${name}" is not supported (only HTTP bearer)`);
      }
    }
  }
  if (!bearer) {
    if (roles !== null) throw new ContractError(`${where}: x-roles without a bearer security requirement`);
    return { kind: 'public' };
  }
  if (roles === null || roles.length === 0) {
    throw new ContractError(`${where}: a secured operation must list its roles in x-roles`);
  }
  return anonymous ? { kind: 'optional', roles } : { kind: 'bearer', roles };
}

/** Builds the operation list of an OpenAPI 3.1 document (already parsed). */
export function contractFromDocument(raw: unknown): Contract {
  if (!isObject(raw)) throw new ContractError('the document is not an object');
  const document = dereference(raw);
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.1')) {
    throw new ContractError(`expected openapi 3.1.x, got ${JSON.stringify(document.openapi)}`);
  }
  const basePath = basePathOf(document);
  const paths = isObject(document.paths) ? document.paths : {};
  const operations: ContractOperation[] = [];
  const seenIds = new Set<string>();
  for (const [path, pathItemRaw] of Object.entries(paths)) {
    if (!isObject(pathItemRaw)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItemRaw[method];
      if (!isObject(operation)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const operationId = operation.operationId;
      if (typeof operationId !== 'string' || operationId === '')
        throw new ContractError(`${where}: no operationId`);
      if (seenIds.has(operationId)) throw new ContractError(`${where}: duplicate operationId ${operationId}`);
      seenIds.add(operationId);
      const parameters = parametersOf(pathItemRaw, operation, where);
      const templateNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
      for (const name of templateNames) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
          throw new ContractError(`${where}: path parameter {${name}} is not declared`);
        }
      }
      const body = operation.requestBody;
      const responses: Record<string, ContractResponse> = {};
      const rawResponses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, response] of Object.entries(rawResponses)) {
        const headers: ContractResponse['headers'] = {};
        if (isObject(response) && isObject(response.headers)) {
          for (const [name, header] of Object.entries(response.headers)) {
            if (isObject(header))
              headers[name.toLowerCase()] = {
                required: header.required === true,
                schema: toSchema(header.schema),
              };
          }
        }
        responses[status.toUpperCase()] = {
          content: isObject(response) ? contentOf(response.content) : {},
          headers,
        };
      }
      operations.push({
        operationId,
        method,
        path,
        url: `${basePath}${path.replace(/\{([^}]+)\}/g, ':$1')}`,
        parameters,
        requestBody: isObject(body)
          ? { required: body.required === true, content: contentOf(body.content) }
          : null,
        responses,
        security: securityOf(document, operation, where),
        tags: Array.isArray(operation.tags)
          ? operation.tags.filter((t): t is string => typeof t === 'string')
          : [],
        extension: operation['x-extension'] === true,
      });
    }
  }
  return { basePath, operations, document };
}

const cache = new Map<string, Contract>();

/** Reads, parses and dereferences the contract file (cached per path). */
export function loadContract(file: string = DEFAULT_CONTRACT_PATH): Contract {
  const cached = cache.get(file);
  if (cached !== undefined) return cached;
  const contract = contractFromDocument(parse(readFileSync(file, 'utf8')));
  cache.set(file, contract);
  return contract;
}

/** The operation with a method and a path template as the contract writes it (`/orders/get/{id}`). */
export function findOperation(
  contract: Contract,
  method: string,
  path: string,
): ContractOperation | undefined {
  const m = method.toLowerCase();
  const normalized =
    path.startsWith(contract.basePath) && contract.basePath !== ''
      ? path.slice(contract.basePath.length)
      : path;
  return contract.operations.find((op) => op.method === m && op.path === normalized);
}
