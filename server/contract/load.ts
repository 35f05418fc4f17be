import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BaseResolver, bundleDocument, createConfig, Source, type Config } from '@redocly/openapi-core';
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

/** An empty Redocly config: no decorators or preprocessors, so bundling only resolves references. */
let bundlerConfig: Promise<Config> | undefined;

/** JSON pointers of every object in a document, so a cycle found after bundling can be named. */
function pointersOf(root: Json): WeakMap<object, string> {
  const pointers = new WeakMap<object, string>();
  const visit = (node: Json, pointer: string): void => {
    if (typeof node !== 'object' || node === null || pointers.has(node)) return;
    pointers.set(node, pointer);
    const entries: [string, Json][] = Array.isArray(node)
      ? node.map((item, index) => [String(index), item])
      : Object.entries(node);
    for (const [key, value] of entries)
      visit(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  visit(root, '#');
  return pointers;
}

/**
 * Throws on a cycle in a bundled document: Redocly dereferences a recursive `$ref` into a cyclic object graph, which
 * Ajv cannot compile. The contract has no recursive shapes, so one is a mistake. It is named by the component
 * (`#/components/schemas/Thing`) where the cycle closes.
 */
function refuseCycles(bundled: Json, pointers: WeakMap<object, string>): void {
  const onPath = new Set<object>();
  const done = new Set<object>();
  const visit = (node: Json): void => {
    if (typeof node !== 'object' || node === null || done.has(node)) return;
    if (onPath.has(node)) {
      const where = pointers.get(node) ?? '#';
      const component = /^#\/components\/[^/]+\/[^/]+/.exec(where)?.[0] ?? where;
      throw new ContractError(`circular $ref "${component}"`);
    }
    onPath.add(node);
    for (const value of Array.isArray(node) ? node : Object.values(node)) visit(value);
    onPath.delete(node);
    done.add(node);
  };
  visit(bundled);
}

/**
 * Replaces every `$ref` by what it points to, with Redocly's bundler (`dereference: true`). A resolved target is
 * shared between its uses (the tree is a DAG, which Ajv accepts); keywords beside a `$ref` are merged over its
 * target (the contract only puts annotations there). An unresolvable or circular reference is refused. `file` is
 * where relative references to other files would be read from. The input is not modified.
 */
export async function dereference(
  document: JsonObject,
  file: string = DEFAULT_CONTRACT_PATH,
): Promise<JsonObject> {
  bundlerConfig ??= createConfig({ extends: [] });
  const parsed = structuredClone(document);
  const pointers = pointersOf(parsed);
  const { bundle, problems } = await bundleDocument({
    document: { source: new Source(file, ''), parsed },
    config: (await bundlerConfig).styleguide,
    externalRefResolver: new BaseResolver(),
    dereference: true,
  });
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    const where = (problem: (typeof errors)[number]): string => problem.location[0]?.pointer ?? '#';
    throw new ContractError(errors.map((problem) => `${problem.message} at ${where(problem)}`).join('; '));
  }
  const out: unknown = bundle.parsed;
  if (!isObject(out)) throw new ContractError('the document is not an object');
  refuseCycles(out, pointers);
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

/** Builds the operation list of an OpenAPI 3.1 document (already parsed; `file` as in {@link dereference}). */
export async function contractFromDocument(raw: unknown, file?: string): Promise<Contract> {
  if (!isObject(raw)) throw new ContractError('the document is not an object');
  const document = await dereference(raw, file);
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

const cache = new Map<string, Promise<Contract>>();

/** Reads, parses and dereferences the contract file (cached per path; a failed load is not cached). */
export function loadContract(file: string = DEFAULT_CONTRACT_PATH): Promise<Contract> {
  const cached = cache.get(file);
  if (cached !== undefined) return cached;
  const contract = readFile(file, 'utf8').then((text) => contractFromDocument(parse(text), file));
  cache.set(file, contract);
  contract.catch(() => cache.delete(file));
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
