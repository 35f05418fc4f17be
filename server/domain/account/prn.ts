/** A distributor's personal registration number: `MD` and the account id above a million (`MD1000042`). */
export const prnOf = (id: number): string => `MD${String(1_000_000 + id)}`;
