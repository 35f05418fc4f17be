/**
 * Text PostgreSQL cannot store: the NUL character (refused in `text` and `jsonb`: "invalid byte sequence for
 * encoding UTF8") and unpaired UTF-16 surrogates (refused in `jsonb` as "\ud800"-style escapes, silently replaced in
 * `text`). A request carrying either in any string — path, query or body value, or a body key — is refused with 400
 * `VALIDATION_FAILED` before a handler runs (docs/adr/0009-bad-input-never-500.md), instead of failing in the
 * database. So is a value nested deeper than any the contract describes (`MAX_NESTING`).
 */
import type { ErrorDetail } from './errors.ts';

/** Matched on UTF-16 code units (no `u` flag), so a lone surrogate is visible. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL would refuse (or mangle) this string. */
export const isUnstorable = (text: string): boolean => UNSTORABLE.test(text);

const pointer = (parent: string, key: string | number): string =>
  `${parent}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

const MESSAGE = 'contains a character that cannot be stored (NUL or an unpaired surrogate)';

/**
 * How deep a request value may nest. The contract's deepest body is a few levels; JSON parsers accept any depth,
 * and whatever walks a value recursively later (a validator, `JSON.stringify`, a logger) would run out of stack
 * on `{"a":[[[[…` thousands of levels deep, so such a body is refused here first.
 */
export const MAX_NESTING = 32;

const TOO_DEEP = `nests deeper than ${MAX_NESTING} levels`;

/**
 * The first problem with `value` (a request part) as an ErrorDetail: a string that cannot be stored, or nesting
 * deeper than `MAX_NESTING`; null when there is none. Walks with its own stack, never recursion, so no value's
 * shape can make it throw.
 */
export function unstorableText(value: unknown, location: ErrorDetail['location']): ErrorDetail | null {
  const seen = new Set<object>();
  const stack: Array<{ node: unknown; path: string; depth: number }> = [{ node: value, path: '', depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { node, path, depth } = next;
    if (typeof node === 'string') {
      if (isUnstorable(node)) return { location, path, message: MESSAGE };
      continue;
    }
    if (typeof node !== 'object' || node === null || Buffer.isBuffer(node) || seen.has(node)) continue;
    if (depth >= MAX_NESTING) return { location, path, message: TOO_DEEP };
    seen.add(node);
    const entries: Array<[string | number, unknown]> = Array.isArray(node)
      ? [...node.entries()]
      : Object.entries(node);
    // Pushed in reverse, so children are visited in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string | number, unknown];
      if (typeof key === 'string' && isUnstorable(key))
        return { location, path: pointer(path, key), message: MESSAGE };
      stack.push({ node: item, path: pointer(path, key), depth: depth + 1 });
    }
  }
  return null;
}
