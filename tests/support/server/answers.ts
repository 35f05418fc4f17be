/** Assertions every refusal must meet: the contract's Error shape and the security headers. */
import { expect } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '#server/http/security-headers.ts';

type Headers = Record<string, string | string[] | number | undefined>;

/** Problems with an answer's headers (empty when it has every security header). */
export function securityHeaderProblems(headers: Headers): string[] {
  const problems: string[] = [];
  const want: Record<string, string> = {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
  for (const [name, value] of Object.entries(want)) {
    if (headers[name] !== value) problems.push(`${name} is ${String(headers[name])}`);
  }
  return problems;
}

/** Problems with an error answer's body (empty when it is the spec's Error shape for this status). */
export function errorShapeProblems(status: number, contentType: string, text: string): string[] {
  if (!/^application\/json/i.test(contentType)) return [`content type ${contentType}`];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return ['body is not JSON'];
  }
  if (typeof body !== 'object' || body === null) return ['body is not an object'];
  const error = body as Record<string, unknown>;
  const problems: string[] = [];
  if (error.status !== status) problems.push(`status field ${String(error.status)}`);
  if (typeof error.code !== 'string' || !/^[A-Z_]+$/.test(error.code)) problems.push('code');
  if (typeof error.title !== 'string') problems.push('title');
  if (typeof error.message !== 'string') problems.push('message');
  const translations = error.translations;
  if (
    typeof translations !== 'object' ||
    translations === null ||
    Object.keys(translations).sort().join() !== 'en,it,ro,ru,uk'
  ) {
    problems.push('translations');
  }
  if (/\bat .*\.ts:\d+|"stack"|node_modules/.test(text)) problems.push('leaks a stack');
  return problems;
}

/** An answer is a refusal with `status`, in the Error shape, with the security headers. */
export function expectRefusal(
  answer: { statusCode: number; headers: Headers; body: string },
  status: number,
  code = 'VALIDATION_FAILED',
): Record<string, unknown> {
  expect(answer.statusCode, answer.body).toBe(status);
  expect(errorShapeProblems(status, String(answer.headers['content-type']), answer.body)).toEqual([]);
  expect(securityHeaderProblems(answer.headers)).toEqual([]);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body.code).toBe(code);
  return body;
}
