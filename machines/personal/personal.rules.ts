import { errorCodeOf } from '../auth/auth.rules.ts';

export { errorCodeOf };

/** A failed call as the personal machines keep it: the code, and the body fields the server named. */
export interface FormError {
  /** The server's `code` (`VALIDATION_FAILED`, `INVALID_CURRENT_PASSWORD`, ...), `HTTP_<status>` or `UNKNOWN`. */
  code: string;
  /** Body fields named by `details[].path` (`/phone` is `phone`), first level only. */
  fields: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `{ code, details: [{ location, path }] }` (spec section 8 error shape plus our `details`). */
export function formErrorOf(error: unknown): FormError {
  const fields: string[] = [];
  if (isRecord(error) && Array.isArray(error.details)) {
    for (const detail of error.details as unknown[]) {
      if (!isRecord(detail) || typeof detail.path !== 'string') continue;
      if (detail.location !== undefined && detail.location !== 'body') continue;
      const field = detail.path.split('/').find((part) => part !== '');
      if (field !== undefined && !fields.includes(field)) fields.push(field);
    }
  }
  return { code: errorCodeOf(error), fields };
}
