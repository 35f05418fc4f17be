/**
 * Shared set-up of the catalogue route tests: the app with only the catalogue handlers (buildApp registers the media route),
 * real signed tokens for the demo accounts, and the contract's money rules recomputed independently.
 */
import { expect } from 'vitest';
import type { components } from '#openapi/schema.d.ts';
import { signAccessToken } from '#server/auth/token.ts';
import { catalogueHandlers } from '#server/routes/catalogue/index.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

export type Product = components['schemas']['Product'];
export type ProductPage = components['schemas']['ProductPage'];
export type Cart = components['schemas']['Cart'];
export type Wishlist = components['schemas']['Wishlist'];
export type ApiError = components['schemas']['Error'];

export async function startCatalogueApp(): Promise<TestApp> {
  return startTestApp({
    handlers: catalogueHandlers,
    allowMissingHandlers: true,
  });
}

/** A real access token for a seeded account (the login route belongs to another module). */
export async function tokenFor(t: TestApp, email: string): Promise<string> {
  const user = await t.db
    .selectFrom('users')
    .select(['id', 'is_warehouse', 'is_partner', 'session_version'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return signAccessToken(
    { userId: user.id, wh: user.is_warehouse, par: user.is_partner, sessionVersion: user.session_version },
    t.config,
  );
}

export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return user.id;
}

/** Checks every line and total of a cart against the contract's formulas, from the products' own prices. */
export function expectConsistentCart(cart: Cart): void {
  let itemCount = 0;
  let amount = 0;
  let paid = 0;
  let points = 0;
  for (const item of cart.items) {
    expect(item.productId).toBe(item.product.id);
    const unit = item.product.promoPrice ?? item.product.price;
    expect(item.amount).toBe(item.quantity * unit);
    expect(item.points).toBeCloseTo(item.quantity * item.product.points, 2);
    itemCount += item.quantity;
    amount += item.quantity * item.product.price;
    paid += item.quantity * unit;
    points += item.quantity * item.product.points;
  }
  expect(cart.totals.itemCount).toBe(itemCount);
  expect(cart.totals.amount).toBe(amount);
  expect(cart.totals.discount).toBe(amount - paid);
  expect(cart.totals.finalCost).toBe(paid);
  expect(cart.totals.points).toBeCloseTo(points, 2);
}
