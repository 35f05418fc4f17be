import { findOperation, loadContract, type Contract, type ContractOperation } from '#server/contract/load.ts';
import { checkResponse } from '#server/contract/responses.ts';

/** `openapi/api-v3.yaml`, the default contract of the checks below. */
const realContract = await loadContract();

/** The contract operation of a method and a path template as the contract writes it (`/orders/get/{id}`). */
export function operationFor(
  method: string,
  path: string,
  contract: Contract = realContract,
): ContractOperation {
  const operation = findOperation(contract, method, path);
  if (operation === undefined) {
    const near = contract.operations
      .filter((op) => op.path === path || op.path.split('/')[1] === path.split('/')[1])
      .map((op) => `${op.method.toUpperCase()} ${op.path}`);
    throw new Error(
      `the contract has no ${method.toUpperCase()} ${path}${near.length > 0 ? `; near: ${near.join(', ')}` : ''}`,
    );
  }
  return operation;
}

function excerpt(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  return text === undefined
    ? '(no body)'
    : text.length > 2000
      ? `${text.slice(0, 2000)}\n... (${text.length} chars)`
      : text;
}

function valueAt(body: unknown, pointer: string): unknown {
  let node = body;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Fails (throws) unless `body` is an answer the contract allows for this operation and status. `body` is the parsed
 * JSON for JSON answers; pass `contentType` for other media types (CSV, PDF, HTML). The message lists every
 * mismatch with the offending value.
 */
export function expectResponseMatchesContract(
  method: string,
  path: string,
  status: number,
  body: unknown,
  contentType = 'application/json',
  contract: Contract = realContract,
): void {
  const operation = operationFor(method, path, contract);
  const problems = checkResponse(operation, status, contentType, body);
  if (problems.length === 0) return;
  const lines = problems.map((p) => {
    const actual =
      p.path === '' ? '' : ` (got ${JSON.stringify(valueAt(body, p.path))?.slice(0, 200) ?? 'undefined'})`;
    return `  - ${p.path === '' ? '(answer)' : p.path}: ${p.message}${actual}`;
  });
  throw new Error(
    `${method.toUpperCase()} ${path} → ${status} does not match the contract (${operation.operationId}):\n${lines.join('\n')}\nbody:\n${excerpt(body)}`,
  );
}

/** The same check for an `app.inject` answer. */
export function expectInjectMatchesContract(
  method: string,
  path: string,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  contract: Contract = realContract,
): void {
  const contentType =
    typeof response.headers['content-type'] === 'string' ? response.headers['content-type'] : undefined;
  let body: unknown = response.body;
  if (contentType !== undefined && /json/i.test(contentType) && response.body !== '')
    body = JSON.parse(response.body) as unknown;
  expectResponseMatchesContract(method, path, response.statusCode, body, contentType ?? '', contract);
}
