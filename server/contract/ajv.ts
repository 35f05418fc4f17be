import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorDetail } from '../http/errors.ts';
import type { JsonSchema } from './load.ts';

export type { ValidateFunction } from 'ajv/dist/2020.js';

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * An Ajv for OpenAPI 3.1 schemas (JSON Schema 2020-12). `coerce` converts strings of query, path, header and form
 * values to the schema's types (`'1'` → 1, one value → an array); JSON bodies are validated without coercion.
 * Unknown keywords (`x-*`, `example`, `discriminator`) are allowed; OpenAPI's formats are known.
 */
export function createAjv(options: { coerce: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    useDefaults: true,
    coerceTypes: options.coerce ? 'array' : false,
    validateFormats: true,
  });
  addFormats(ajv);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= INT32.min && n <= INT32.max,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addFormat('byte', /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
  ajv.addFormat('binary', true);
  ajv.addFormat('password', true);
  return ajv;
}

const compiled = new WeakMap<Ajv2020, WeakMap<object, ValidateFunction>>();

/** Compiles once per (Ajv, schema object). */
export function compileSchema(ajv: Ajv2020, schema: JsonSchema): ValidateFunction {
  if (typeof schema === 'boolean') return ajv.compile(schema);
  let perAjv = compiled.get(ajv);
  if (perAjv === undefined) {
    perAjv = new WeakMap();
    compiled.set(ajv, perAjv);
  }
  let validate = perAjv.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    perAjv.set(schema, validate);
  }
  return validate;
}

const MAX_DETAILS = 20;

/** Ajv errors → the contract's `ErrorDetail`s, most useful first, at most 20. */
export function detailsFromAjv(
  errors: readonly ErrorObject[] | null | undefined,
  location: ErrorDetail['location'],
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    let path = error.instancePath;
    const params: Record<string, unknown> = error.params;
    if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
      path = `${path}/${params.missingProperty}`;
    } else if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      path = `${path}/${params.additionalProperty}`;
    }
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (error.keyword === 'additionalProperties') {
      message = 'is not allowed';
    } else if (error.keyword === 'required') {
      message = 'is required';
    }
    const key = `${path}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push({ location, path, message });
    if (details.length >= MAX_DETAILS) break;
  }
  return details;
}
