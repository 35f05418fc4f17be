/**
 * Text PostgreSQL cannot store: the NUL character (refused in `text` and `jsonb`: "invalid byte sequence for
 * encoding UTF8") and unpaired UTF-16 surrogates (refused in `jsonb` as "\ud800"-style escapes, silently replaced in
 * `text`). A request carrying either in any string — path, query or body value, or a body key — is refused with 400
 * `VALIDATION_FAILED` before a handler runs (docs/adr/0009-bad-input-never-500.md), instead of failing in the
 * database.
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

/** The first string in `value` (a request part) that cannot be stored, as an ErrorDetail; null when none. */
export function unstorableText(value: unknown, location: ErrorDetail['location']): ErrorDetail | null {
  const seen = new Set<object>();
  const visit = (node: unknown, path: string): ErrorDetail | null => {
    if (typeof node === 'string') return isUnstorable(node) ? { location, path, message: MESSAGE } : null;
    if (typeof node !== 'object' || node === null || Buffer.isBuffer(node) || seen.has(node)) return null;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        const found = visit(item, pointer(path, index));
        if (found !== null) return found;
      }
      return null;
    }
    for (const [key, item] of Object.entries(node)) {
      if (isUnstorable(key)) return { location, path: pointer(path, key), message: MESSAGE };
      const found = visit(item, pointer(path, key));
      if (found !== null) return found;
    }
    return null;
  };
  return visit(value, '');
}
