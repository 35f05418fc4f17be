import { compileSchema, createAjv } from './ajv.ts';
import type { ContractOperation, ContractResponse } from './load.ts';

const responseAjv = createAjv({ coerce: false });

/**
 * The contract's response for a status: exact (`'404'`), then its class (`'4XX'`), then `default`. Every status an
 * operation can answer is declared on it, the pipeline's refusals (413, 414, 415) included, so a client or a fuzzer
 * that reads only the contract knows them all (docs/adr/0009-bad-input-never-500.md).
 */
export function responseFor(operation: ContractOperation, status: number): ContractResponse | undefined {
  const exact = operation.responses[String(status)];
  if (exact !== undefined) return exact;
  return operation.responses[`${String(status)[0] ?? ''}XX`] ?? operation.responses.DEFAULT;
}

export interface ResponseProblem {
  /** JSON pointer into the body (`''` for the whole answer). */
  path: string;
  message: string;
}

/**
 * Checks an answer against the contract: the status must be declared, the media type must be one the response
 * lists, and a JSON body must match its schema. `body` is the parsed JSON value for JSON answers (or the raw
 * payload otherwise). Returns the problems found (empty when the answer is allowed).
 */
export function checkResponse(
  operation: ContractOperation,
  status: number,
  contentType: string | undefined,
  body: unknown,
): ResponseProblem[] {
  const response = responseFor(operation, status);
  if (response === undefined) {
    const declared = Object.keys(operation.responses).join(', ');
    return [
      {
        path: '',
        message: `status ${status} is not declared for ${operation.operationId} (declared: ${declared})`,
      },
    ];
  }
  const mediaTypes = Object.keys(response.content);
  const empty = body === undefined || body === null || body === '';
  if (mediaTypes.length === 0) {
    return empty
      ? []
      : [{ path: '', message: `status ${status} of ${operation.operationId} has no body in the contract` }];
  }
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  const matched =
    mediaType === undefined
      ? undefined
      : mediaTypes.find(
          (m) => m === mediaType || m === '*/*' || (m.endsWith('/*') && mediaType.startsWith(m.slice(0, -1))),
        );
  if (matched === undefined) {
    return [
      {
        path: '',
        message: `content type ${mediaType ?? '(none)'} is not declared for ${operation.operationId} ${status} (declared: ${mediaTypes.join(', ')})`,
      },
    ];
  }
  if (matched !== 'application/json' && !matched.endsWith('+json')) return [];
  const schema = response.content[matched];
  if (schema === undefined) return [];
  const validate = compileSchema(responseAjv, schema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => {
    const params: Record<string, unknown> = error.params;
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${String(params.additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${JSON.stringify(params.allowedValues)})`
          : '';
    return { path: error.instancePath, message: `${error.message ?? 'is invalid'}${extra}` };
  });
}
