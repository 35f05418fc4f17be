import { describe, expect, it } from 'vitest';
import type { AuthRole } from '#machines/auth/auth.types.ts';
import { canUsePath } from '#src/app/auth/access.ts';
import { navItemsFor } from '#src/app/layout/nav-items.ts';

const ROLES: readonly AuthRole[] = ['partner', 'partner_warehouse', 'warehouse', 'user'];

describe('what each role may use (issue 13.4)', () => {
  it.each(ROLES)('%s can use every screen its navigation shows', (role) => {
    for (const item of navItemsFor(role)) expect(canUsePath(role, item.to), item.to).toBe(true);
  });

  it('keeps warehouse staff without a partner contract out of shopping and the business screens', () => {
    for (const path of [
      '/new-order',
      '/shopping-bag',
      '/wishlist',
      '/my-orders',
      '/my-orders/12',
      '/charts',
      '/client-base/3',
    ])
      expect(canUsePath('warehouse', path), path).toBe(false);
    expect(canUsePath('warehouse', '/my-orders-warehouse/5')).toBe(true);
    expect(canUsePath('warehouse', '/personal')).toBe(true);
  });

  it('lets a customer shop but not see the network or the warehouse desk', () => {
    expect(canUsePath('user', '/new-order')).toBe(true);
    expect(canUsePath('user', '/shopping-bag/checkout')).toBe(true);
    expect(canUsePath('user', '/promotions')).toBe(true);
    for (const path of ['/my-distributers', '/charts', '/client-base', '/my-orders-warehouse'])
      expect(canUsePath('user', path), path).toBe(false);
    expect(canUsePath('partner', '/my-orders-warehouse')).toBe(false);
    expect(canUsePath('partner_warehouse', '/my-orders-warehouse')).toBe(true);
  });

  it('leaves unknown paths to their own routes (the 404 page)', () => {
    expect(canUsePath('warehouse', '/no-such-screen')).toBe(true);
  });
});
