import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AuthRole } from '#machines/auth/auth.types.ts';
import { PATHS, shopPath } from '../../ui/paths.ts';

export interface NavItem {
  to: string;
  label: MessageDescriptor;
}

const NAV = {
  main: { to: PATHS.dashboard, label: msg`Main` },
  myNetwork: { to: PATHS.myDistributors, label: msg`My Network` },
  products: { to: PATHS.newOrder, label: msg`Products` },
  orders: { to: PATHS.myOrders, label: msg`Orders` },
  warehouseOrders: { to: PATHS.warehouseOrders, label: msg`Warehouse orders` },
  exchange1c: { to: PATHS.exchange1c, label: msg`1C exchange` },
  shoppingBag: { to: PATHS.shoppingBag, label: msg`Shopping Bag` },
  wishlist: { to: PATHS.wishlist, label: msg`Wishlist` },
  promotions: { to: PATHS.promotions, label: msg`Promotions and Ratings` },
  charts: { to: PATHS.charts, label: msg`Charts` },
  documents: { to: PATHS.documents, label: msg`Documents` },
  clientBase: { to: PATHS.clientBase, label: msg`Client base` },
  personal: { to: PATHS.personal, label: msg`Personal data` },
} satisfies Record<string, NavItem>;

const PARTNER: readonly NavItem[] = [
  NAV.main,
  NAV.myNetwork,
  NAV.products,
  NAV.orders,
  NAV.shoppingBag,
  NAV.wishlist,
  NAV.promotions,
  NAV.charts,
  NAV.documents,
  NAV.clientBase,
  NAV.personal,
];

const PARTNER_WAREHOUSE: readonly NavItem[] = [
  NAV.main,
  NAV.myNetwork,
  NAV.products,
  NAV.orders,
  NAV.warehouseOrders,
  NAV.exchange1c,
  NAV.shoppingBag,
  NAV.wishlist,
  NAV.promotions,
  NAV.charts,
  NAV.documents,
  NAV.clientBase,
  NAV.personal,
];

/** Warehouse staff: their landing page (/dashboard), the warehouse orders, the 1C exchange and their own data. */
const WAREHOUSE: readonly NavItem[] = [NAV.main, NAV.warehouseOrders, NAV.exchange1c, NAV.personal];

/** A USER lands on /personal and has no /dashboard (spec sections 2 and 6). */
const USER: readonly NavItem[] = [
  NAV.personal,
  NAV.products,
  NAV.orders,
  NAV.shoppingBag,
  NAV.wishlist,
  NAV.documents,
];

const BY_ROLE: Record<AuthRole, readonly NavItem[]> = {
  partner_warehouse: PARTNER_WAREHOUSE,
  warehouse: WAREHOUSE,
  partner: PARTNER,
  user: USER,
  unspecified: [],
};

/** The main navigation a role sees, in display order. */
export function navItemsFor(role: AuthRole): readonly NavItem[] {
  return BY_ROLE[role];
}

/**
 * A shop client's link to their distributor's storefront (`Me.shop`, docs/adr/0147-the-storefront-and-client-checkout.md):
 * first in their navigation, named after the distributor.
 */
export function shopNavItem(owner: { alias: string | null; prn: string; fullName: string }): NavItem {
  const name = owner.fullName;
  return { to: shopPath(owner), label: msg`${name}'s shop` };
}
