/** Kysely types of the volume engine's tables (migration 0010, docs/adr/0080-volume-engine.md). */
import type { ColumnType, Generated } from 'kysely';
import type { DateString, GeneratedTimestamp, Json, Timestamp } from './schema-columns.ts';

/** The company's period time zone (one row). */
export interface VolumeSettingsTable {
  id: Generated<boolean>;
  time_zone: string;
}

export type VolumeCreditKind = 'credit' | 'reversal' | 'clawback';

/** The credit ledger: one row per order credit, and one per reversal or clawback of it. */
export interface VolumeCreditsTable {
  id: Generated<number>;
  /** what makes the row unique (`order:<id>`, `order:<id>:reversal`): a credit is applied once */
  key: string;
  kind: VolumeCreditKind;
  order_id: number;
  /** the buyer */
  user_id: number;
  /** the buyer's materialised path when the row was written (whose upline it moved) */
  path: string;
  /** the month whose volumes the row moved */
  period: DateString;
  /** the month of the credit (a clawback lands in a later one) */
  credited_period: DateString;
  /** signed: negative for a reversal or clawback */
  points: ColumnType<number, number | string, number | string>;
  reverses: number | null;
  at: Timestamp;
  created_at: GeneratedTimestamp;
}

export type BonusLineKind = 'personal' | 'differential' | 'leadership';

/** A closed month's frozen bonus lines. */
export interface BonusLinesTable {
  month: DateString;
  user_id: number;
  line: number;
  kind: BonusLineKind;
  /** the first-line member whose leg the line is about; null for the personal line */
  member_id: number | null;
  level: number;
  base: ColumnType<number, number | string, number | string>;
  percent: number;
  points: ColumnType<number, number | string, number | string>;
  /** minor units */
  amount: number;
}

/** One row per closed month, written by the close in the same transaction as everything it froze. */
export interface PeriodClosesTable {
  month: DateString;
  closed_at: GeneratedTimestamp;
  totals: Json<Record<string, unknown>>;
  /** the last member id told of the month's statement (migration 0018; null: none yet) */
  told_through: ColumnType<number | null, number | null | undefined, number | null>;
  /** when every member was told (null while telling) */
  told_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
