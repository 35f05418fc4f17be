/**
 * The pickup threshold labels of spec section 9 ("PV greater than 0, and PV at least 25 points for active and
 * qualified distributors"), evaluated for the distributor's personal volume (PV) of the current period once the
 * bag is ordered. They inform; they never block an order (docs/adr/0022-pickup-threshold.md).
 */
export interface ThresholdStatus {
  /** PV of the period before this bag. */
  currentPv: number;
  /** PV the bag adds. */
  bagPv: number;
  /** PV of the period with this bag. */
  pvAfter: number;
  /** PV > 0: the period counts as an ordering period. */
  pvPositive: boolean;
  /** PV ≥ minPv: active (and, with the rank's other requirements, qualified). */
  pvAtLeastMin: boolean;
  /** Already reached before this bag. */
  wasActive: boolean;
  /** PV still missing to reach minPv with this bag (0 when reached). */
  missingPv: number;
  minPv: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

export function evaluateThresholds(currentPv: number, bagPv: number, minPv: number): ThresholdStatus {
  const pvAfter = round2(currentPv + bagPv);
  return {
    currentPv: round2(currentPv),
    bagPv: round2(bagPv),
    pvAfter,
    pvPositive: pvAfter > 0,
    pvAtLeastMin: pvAfter >= minPv,
    wasActive: currentPv >= minPv,
    missingPv: pvAfter >= minPv ? 0 : round2(minPv - pvAfter),
    minPv,
  };
}
