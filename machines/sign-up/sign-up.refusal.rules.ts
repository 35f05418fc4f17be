/**
 * A refused sign-up (`POST /public/join`, docs/adr/0140-sign-up-under-a-sponsor.md) read into what the form shows:
 * each code on the field it concerns, the rest on the form. Pure, so the machine, its tests and the view agree.
 */
import type { SignUpField, SignUpRefusal } from './sign-up.types.ts';

const FIELDS: readonly SignUpField[] = [
  'fullName',
  'email',
  'phone',
  'city',
  'warehouseId',
  'password',
  'birthDate',
  'consents.marketing_plan',
  'consents.ethics_code',
];

/** The code that always concerns one field, whatever the details say. */
const FIELD_OF_CODE: Record<string, SignUpField> = {
  EMAIL_TAKEN: 'email',
  PHONE_TAKEN: 'phone',
  UNDER_AGE: 'birthDate',
  PASSWORD_TOO_COMMON: 'password',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `/consents/ethics_code` → `consents.ethics_code`; `/email` → `email`; anything else → null. */
export function fieldOfPointer(pointer: unknown): SignUpField | null {
  if (typeof pointer !== 'string' || !pointer.startsWith('/')) return null;
  const name = pointer.slice(1).split('/').join('.');
  return (FIELDS as readonly string[]).includes(name) ? (name as SignUpField) : null;
}

/** The server's code, else `HTTP_<status>` (404 is `NOT_FOUND`, 429 `RATE_LIMITED`), else `UNKNOWN`. */
export function refusalCodeOf(error: unknown): string {
  if (!isRecord(error)) return 'UNKNOWN';
  if (typeof error.code === 'string' && error.code !== '') return error.code;
  if (error.status === 404) return 'NOT_FOUND';
  if (error.status === 429) return 'RATE_LIMITED';
  if (typeof error.status === 'number') return `HTTP_${error.status}`;
  return 'UNKNOWN';
}

/**
 * The refusal of a failed `POST /public/join`: `EMAIL_TAKEN` on the e-mail, `PHONE_TAKEN` on the phone, `UNDER_AGE`
 * on the birth date, `PASSWORD_TOO_COMMON` on the password, `CONSENT_REQUIRED` on each checkbox its details name,
 * `VALIDATION_FAILED` on each field its details name; anything that names no field (`CHALLENGE_FAILED`,
 * `NOT_FOUND`, `RATE_LIMITED`, a network failure) on the form.
 */
export function refusalOf(error: unknown): SignUpRefusal {
  const code = refusalCodeOf(error);
  const fields: Partial<Record<SignUpField, string>> = {};
  const fixed = FIELD_OF_CODE[code];
  if (fixed !== undefined) fields[fixed] = code;
  else if (code === 'VALIDATION_FAILED' || code === 'CONSENT_REQUIRED') {
    const details = isRecord(error) && Array.isArray(error.details) ? error.details : [];
    for (const detail of details) {
      const field = isRecord(detail) ? fieldOfPointer(detail.path) : null;
      if (field !== null) fields[field] = code;
    }
  }
  const named = Object.keys(fields).length > 0;
  return { code, fields, form: named ? null : code };
}

/**
 * A card read refused for the alias itself: unknown or closed (404), or not an alias at all (400 for its shape, 414
 * for its length). The page says the link is not valid; anything else is a failure to retry.
 */
export function isInvalidLink(error: unknown): boolean {
  const status = isRecord(error) ? error.status : undefined;
  return status === 404 || status === 400 || status === 414 || refusalCodeOf(error) === 'NOT_FOUND';
}
