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
  firstDownline: 11,
} as const;
