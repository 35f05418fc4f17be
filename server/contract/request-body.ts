/**
 * Request bodies of contract routes: the media type is checked against the contract, and form bodies (urlencoded,
 * multipart with files) become plain values shaped by the operation's schema before validation.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../http/errors.ts';
import type { ContractOperation, JsonSchema } from './load.ts';
import type { UploadedFile } from './types.ts';

export const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

function mediaTypeOf(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  if (header === undefined) return undefined;
  return header.split(';')[0]?.trim().toLowerCase();
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
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

/**
 * The operation's body preparation (a `preValidation` hook): no body where the contract has none, 415 for a media
 * type it does not accept, and form bodies (urlencoded, multipart) turned into plain values with their files in
 * `request.uploads`, for Ajv to validate as the contract says.
 */
export function bodyPreparation(operation: ContractOperation) {
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
