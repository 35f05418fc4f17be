/**
 * The client sign-up's rules (docs/adr/0147-the-storefront-and-client-checkout.md): a refusal read onto the short
 * form's fields, and the quantities the local bag puts into the server's cart. Pure, so the machine, its tests and
 * the app's actors agree. The codes and the proof's timing are the distributor sign-up's
 * (machines/sign-up/sign-up.refusal.rules.ts).
 */
import { refusalCodeOf } from '../sign-up/sign-up.refusal.rules.ts';
import type { ShopBagLine } from '../shop-bag/shop-bag.types.ts';
import type { Cart, CartBaseline, ShopSignUpField, ShopSignUpRefusal } from './shop-sign-up.types.ts';

const FIELDS: readonly ShopSignUpField[] = ['fullName', 'email', 'phone', 'password'];

const FIELD_OF_CODE: Record<string, ShopSignUpField> = {
  EMAIL_TAKEN: 'email',
  PHONE_TAKEN: 'phone',
  PASSWORD_TOO_COMMON: 'password',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `/email` → `email`; a pointer to anything the form does not have → null. */
export function shopFieldOfPointer(pointer: unknown): ShopSignUpField | null {
  if (typeof pointer !== 'string' || !pointer.startsWith('/')) return null;
  const name = pointer.slice(1);
  return (FIELDS as readonly string[]).includes(name) ? (name as ShopSignUpField) : null;
}

/**
 * A refused `POST /public/shops/{alias}/clients`: `EMAIL_TAKEN`, `PHONE_TAKEN`, `PASSWORD_TOO_COMMON` on their
 * field, `VALIDATION_FAILED` on each field its details name; the rest (`CHALLENGE_FAILED`, `NOT_FOUND`,
 * `RATE_LIMITED`, a network failure) on the form.
 */
export function shopRefusalOf(error: unknown): ShopSignUpRefusal {
  const code = refusalCodeOf(error);
  const fields: Partial<Record<ShopSignUpField, string>> = {};
  const fixed = FIELD_OF_CODE[code];
  if (fixed !== undefined) fields[fixed] = code;
  else if (code === 'VALIDATION_FAILED') {
    const details = isRecord(error) && Array.isArray(error.details) ? error.details : [];
    for (const detail of details) {
      const field = isRecord(detail) ? shopFieldOfPointer(detail.path) : null;
      if (field !== null) fields[field] = code;
    }
  }
  return { code, fields, form: Object.keys(fields).length > 0 ? null : code };
}

/** What the server's cart held of each product before the local bag went in. */
export function cartBaseline(cart: Pick<Cart, 'items'>): CartBaseline {
  const baseline: CartBaseline = {};
  for (const item of cart.items) baseline[String(item.productId)] = item.quantity;
  return baseline;
}

/**
 * The quantity each line's product is set to in the cart: what the cart held before plus the local bag's. Setting
 * (not adding) makes a repeated move after a failure land on the same quantities, never twice the bag.
 */
export function transferQuantity(line: ShopBagLine, baseline: CartBaseline): number {
  return (baseline[String(line.productId)] ?? 0) + line.quantity;
}

/**
 * Whether a failed cart write concerns the line itself (the product is gone, out of stock, over a limit: the
 * visitor is told and the others go on), rather than the connection or the server (the whole move is retried).
 */
export function isLineRefusal(error: unknown): boolean {
  const status = isRecord(error) ? error.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 429;
}
