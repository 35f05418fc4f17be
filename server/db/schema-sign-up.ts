/** Kysely types of the sign-up's tables (migration 0020; docs/adr/0140-sign-up-under-a-sponsor.md). */
import type { Lang } from './reference.ts';
import type { GeneratedTimestamp, Timestamp } from './schema-columns.ts';

/** A document's edition a person accepted (the marketing plan, the ethics code), once per edition. */
export interface UserConsentsTable {
  user_id: number;
  /** a `DocumentId` of server/documents/index.ts */
  document: string;
  /** the document's `DOCUMENT_EDITIONS` entry when accepted */
  edition: string;
  /** the language the document was read in */
  lang: Lang;
  accepted_at: GeneratedTimestamp;
}

/** A proof-of-work challenge already used (its signature), kept until it expires. */
export interface PowSpentTable {
  signature: string;
  expires_at: Timestamp;
}
