/** Fixed ids and units of the demo data, shared by the seed's parts. */

export const DAY = 86_400_000;

/** Ids of the demo accounts (the downline's ids start at `firstDownline`). */
export const ids = {
  partner: 1,
  warehouse: 2,
  warehouse2: 3,
  pw: 4,
  user: 5,
  unconfirmed: 6,
  baltiStaff: 7,
  cahulStaff: 8,
  /** client@demo.test, a client of partner@demo.test's shop (server/seed/demo-shop.ts) */
  shopClient: 9,
  /** their row in partner@demo.test's client base, after the 30 seeded ones */
  shopClientRow: 31,
  firstDownline: 11,
} as const;
