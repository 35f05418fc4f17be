/**
 * The pickup points a distributor may choose for "Request pickup" of a delivery order: those of the order's
 * warehouse, from the order parameters (`GET /orders/params`), selected here so the view only renders them.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accountQueries, type OrderParams } from './account.ts';

export type PickupPoint = OrderParams['pickupPoints'][number];

/** The pickup points of `warehouseId` (none while the parameters load or when they failed). */
export function useWarehousePickupPoints(warehouseId: number): readonly PickupPoint[] {
  const select = useCallback(
    (params: OrderParams) => params.pickupPoints.filter((point) => point.warehouseId === warehouseId),
    [warehouseId],
  );
  const { data } = useQuery({ ...accountQueries.orderParams(), select });
  return data ?? NONE;
}

const NONE: readonly PickupPoint[] = [];
