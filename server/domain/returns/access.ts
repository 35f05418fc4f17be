/** Who may see and act on a return: the order's customer (as the distributor) and staff of its warehouse. */
import type { ReturnRole } from '#machines/returns/returns.types.ts';
import type { AuthContext } from '../../auth/authenticate.ts';

export type ReturnCaller = Pick<AuthContext, 'userId' | 'role' | 'wh' | 'warehouseId'>;

export function rolesOnReturn(
  caller: ReturnCaller,
  row: { user_id: number; warehouse_id: number } | { userId: number; warehouseId: number },
): ReturnRole[] {
  const userId = 'user_id' in row ? row.user_id : row.userId;
  const warehouseId = 'warehouse_id' in row ? row.warehouse_id : row.warehouseId;
  const roles: ReturnRole[] = [];
  if (caller.wh && caller.warehouseId === warehouseId) roles.push('warehouse');
  if (caller.userId === userId) roles.push('distributor');
  return roles;
}
