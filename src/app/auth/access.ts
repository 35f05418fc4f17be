import { matchPath } from 'react-router-dom';
import type { AuthRole } from '#machines/auth/auth.types.ts';
import { PATHS } from '../../ui/paths.ts';

type SignedInRole = Exclude<AuthRole, 'unspecified'>;

const SHOPPERS: readonly SignedInRole[] = ['partner', 'partner_warehouse', 'user'];
const PARTNERS: readonly SignedInRole[] = ['partner', 'partner_warehouse'];
const STAFF: readonly SignedInRole[] = ['warehouse', 'partner_warehouse'];
const ALL: readonly SignedInRole[] = ['partner', 'partner_warehouse', 'warehouse', 'user'];

/**
 * Which roles may use each signed-in screen (spec section 6; docs/adr/0011-roles-and-ownership.md): shopping
 * needs a partner contract or a customer account, the business screens a partner contract, the warehouse desk
 * a warehouse. The navigation of `nav-items.ts` shows a subset of this; a screen outside it shows "Not
 * available for your account". `/dashboard` is not here: a USER is sent on to /personal (`NotForUserRole`).
 */
const ACCESS: ReadonlyArray<readonly [string, readonly SignedInRole[]]> = [
  [PATHS.personal, ALL],
  [PATHS.dashboard, ALL],
  [PATHS.firstSteps, PARTNERS],
  [PATHS.newOrder, SHOPPERS],
  [PATHS.shoppingBag, SHOPPERS],
  [`${PATHS.shoppingBag}/*`, SHOPPERS],
  [PATHS.wishlist, SHOPPERS],
  [PATHS.myOrders, SHOPPERS],
  [PATHS.myOrder, SHOPPERS],
  [PATHS.documents, ALL],
  [PATHS.promotions, SHOPPERS],
  [PATHS.charts, PARTNERS],
  [PATHS.myDistributors, PARTNERS],
  [PATHS.myDistributor, PARTNERS],
  [PATHS.clientBase, PARTNERS],
  [PATHS.client, PARTNERS],
  [PATHS.warehouseOrders, STAFF],
  [PATHS.warehouseOrder, STAFF],
  [PATHS.warehouseReturn, STAFF],
  [PATHS.exchange1c, STAFF],
];

/**
 * Whether `role` may use the screen at `pathname`. Paths the table does not know (a 404, a screen added later) are
 * left to their own routes.
 */
export function canUsePath(role: AuthRole, pathname: string): boolean {
  const rule = ACCESS.find(([pattern]) => matchPath(pattern, pathname) !== null);
  if (rule === undefined) return true;
  return role !== 'unspecified' && rule[1].includes(role);
}
