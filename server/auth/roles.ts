/** Role derived from the token's flags (spec section 6). */
export type Role = 'partner_warehouse' | 'warehouse' | 'partner' | 'user';

export const ROLES: readonly Role[] = ['partner_warehouse', 'warehouse', 'partner', 'user'];

/** The same role as `GET /users/me` answers it. */
export type ApiRole = 'PARTNER_WAREHOUSE' | 'WAREHOUSE' | 'PARTNER' | 'USER';

export function roleOf(wh: boolean, par: boolean): Role {
  if (wh && par) return 'partner_warehouse';
  if (wh) return 'warehouse';
  if (par) return 'partner';
  return 'user';
}

export function apiRoleOf(role: Role): ApiRole {
  switch (role) {
    case 'partner_warehouse':
      return 'PARTNER_WAREHOUSE';
    case 'warehouse':
      return 'WAREHOUSE';
    case 'partner':
      return 'PARTNER';
    case 'user':
      return 'USER';
  }
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Warehouse staff (warehouse or partner_warehouse). */
export const isWarehouseRole = (role: Role): boolean => role === 'warehouse' || role === 'partner_warehouse';

/** Distributors (partner or partner_warehouse). */
export const isPartnerRole = (role: Role): boolean => role === 'partner' || role === 'partner_warehouse';
