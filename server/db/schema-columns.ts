/** Column types shared by the Kysely table types (`schema.ts`, `schema-internal.ts`). */
import type { ColumnType, JSONColumnType } from 'kysely';

/** `timestamptz`: read as Date; written as Date or ISO string; defaults to now() where generated. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date`: read as 'YYYY-MM-DD'. */
export type DateString = ColumnType<string, string | Date, string | Date>;
export type Json<T extends object> = JSONColumnType<T, string, string>;
export type NullableJson<T extends object> = ColumnType<T | null, string | null, string | null>;
