import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { operations } from '../../openapi/schema.d.ts';
import type { AuthContext } from '../auth/authenticate.ts';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { Language } from '../http/error-messages.ts';

export type OperationId = keyof operations;

type Op<K extends OperationId> = operations[K];
type NonNever<T, Fallback> = [T] extends [never] ? Fallback : T;
type Part<K extends OperationId, Where extends 'path' | 'query' | 'header'> = NonNever<
  Exclude<Op<K>['parameters'][Where], undefined>,
  Record<string, never>
>;

/** Path parameters, already converted to the contract's types (`id: number`). */
export type PathParams<K extends OperationId> = Part<K, 'path'>;
/** Query parameters, converted, defaults applied (`page` is 1 when absent). */
export type QueryParams<K extends OperationId> = Part<K, 'query'>;
/** Header parameters the contract declares, keyed as the contract spells them (`'Idempotency-Key'`). */
export type HeaderParams<K extends OperationId> = Part<K, 'header'>;

type RequestBodyOf<K extends OperationId> = Op<K> extends { requestBody?: infer B } ? B : undefined;
/** The request body (JSON, or form/multipart fields converted to the schema's types); undefined without one. */
export type RequestBody<K extends OperationId> =
  NonNever<Exclude<RequestBodyOf<K>, undefined>, undefined> extends infer B
    ? B extends { content: infer C }
      ? C[keyof C] | (undefined extends RequestBodyOf<K> ? undefined : never)
      : undefined
    : never;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type SuccessResponse<K extends OperationId> = {
  [S in keyof Op<K>['responses']]: S extends SuccessStatus ? Op<K>['responses'][S] : never;
}[keyof Op<K>['responses']];
type JsonOf<R> = R extends { content: { 'application/json': infer B } }
  ? B
  : R extends { content?: never }
    ? undefined | void
    : never;
/** What a handler may return directly: the JSON body of one of the operation's 2xx answers. */
export type SuccessBody<K extends OperationId> = JsonOf<SuccessResponse<K>>;

/** A file of a multipart request (its field holds the file name for validation). */
export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export type ResponseBody = string | Buffer | Uint8Array | Readable | object | null | undefined;

const CONTRACT_RESPONSE = Symbol('contract-response');

/** An answer with an explicit status, headers or a non-JSON body; build it with `respond`, `redirect`, `file`. */
export interface ContractResult {
  readonly [CONTRACT_RESPONSE]: true;
  status: number;
  body: ResponseBody;
  headers: Record<string, string>;
}

export function isContractResult(value: unknown): value is ContractResult {
  return typeof value === 'object' && value !== null && CONTRACT_RESPONSE in value;
}

/**
 * An answer with a chosen status and headers: `respond(201, address)`, `respond(204)`,
 * `respond(200, csvText, { 'content-type': 'text/csv; charset=utf-8' })`. Objects are sent as JSON; strings,
 * Buffers and streams as they are (give a content-type).
 */
export function respond(
  status: number,
  body?: ResponseBody,
  headers: Record<string, string> = {},
): ContractResult {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return { [CONTRACT_RESPONSE]: true, status, body, headers: lower };
}

/** A redirect (303 See Other by default) to `location`. */
export function redirect(location: string, status: 301 | 302 | 303 | 307 | 308 = 303): ContractResult {
  return respond(status, undefined, { location });
}

/** A file download (PDF, CSV...): `file(pdfBuffer, 'application/pdf', 'marketing-plan-ru.pdf')`. */
export function file(
  body: string | Buffer | Uint8Array | Readable,
  contentType: string,
  filename?: string,
  disposition: 'inline' | 'attachment' = 'inline',
): ContractResult {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (filename !== undefined) {
    const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    headers['content-disposition'] =
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
  }
  return respond(200, body, headers);
}

/** Everything a handler gets. Validation, authentication and the role check have already passed. */
export interface HandlerContext<K extends OperationId> {
  operationId: K;
  params: PathParams<K>;
  query: QueryParams<K>;
  headers: HeaderParams<K>;
  body: RequestBody<K>;
  /** Files of a multipart body (empty otherwise). */
  files: UploadedFile[];
  /** The caller, or null on a public operation without a (valid) token. */
  auth: AuthContext | null;
  /** The caller on a secured operation; reading it on a public one without a caller throws 401. */
  readonly user: AuthContext;
  /** Language of the request (`Accept-Language`, English when none of ours). */
  lang: Language;
  db: Kysely<DB>;
  config: Config;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type HandlerResult<K extends OperationId> = SuccessBody<K> | ContractResult;

export type Handler<K extends OperationId> = (context: HandlerContext<K>) => Promise<HandlerResult<K>>;

/** One handler per operationId of `openapi/api-v3.yaml`; `server/routes/index.ts` exports one. */
export type Handlers = { [K in OperationId]: Handler<K> };

/** The untyped view the router works with (also used for test contracts whose ids are not in schema.d.ts). */
export interface GenericHandlerContext {
  operationId: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  files: UploadedFile[];
  auth: AuthContext | null;
  readonly user: AuthContext;
  lang: Language;
  db: Kysely<DB>;
  config: Config;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type GenericHandler = { bivariant(context: GenericHandlerContext): Promise<unknown> }['bivariant'];
