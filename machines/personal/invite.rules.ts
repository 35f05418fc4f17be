/**
 * The distributor's invitation card (Personal data): what the link names, and how a refused alias is read. The alias
 * rules themselves are the sign-up's (`machines/sign-up/sign-up.rules.ts`), the ones the server runs.
 */
import type { components } from '../../openapi/schema.d.ts';
import { ALIAS_PROBLEMS, aliasProblem, normaliseAlias, type AliasProblem } from '../sign-up/sign-up.rules.ts';
import { errorCodeOf } from './personal.rules.ts';

type Me = components['schemas']['Me'];

/**
 * What the invitation link names: the alias once chosen, else the PRN, which works wherever an alias does
 * (docs/adr/0140-sign-up-under-a-sponsor.md), so the card is useful before an alias exists
 * (docs/adr/0142-the-invitation-card.md). Null for an account without a PRN: it has nothing to invite to.
 */
export function inviteRef(me: Pick<Me, 'alias' | 'prn'>): string | null {
  return me.alias ?? me.prn ?? null;
}

/** The public sign-up page under the sponsor `ref` (an alias or a PRN). */
export const invitePath = (ref: string): string => `/join/${encodeURIComponent(ref)}`;

/** The whole link to share: `origin` is the portal's (`https://portal.example`), without a trailing slash. */
export const inviteUrl = (origin: string, ref: string): string =>
  `${origin.replace(/\/+$/, '')}${invitePath(ref)}`;

/** Why the alias being typed (as typed: it is trimmed and lower-cased first, as the server does) cannot be one. */
export const draftProblem = (draft: string): AliasProblem | null => aliasProblem(normaliseAlias(draft));

const PROBLEMS: ReadonlySet<string> = new Set<AliasProblem>(ALIAS_PROBLEMS);

const isAliasProblem = (value: unknown): value is AliasProblem =>
  typeof value === 'string' && PROBLEMS.has(value);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A refused alias as the card keeps it: the server's code and, for a 422, the rule it names. */
export interface AliasError {
  /** `ALIAS_INVALID`, `ALIAS_RESERVED`, `ALIAS_TAKEN`, `ALIAS_ALREADY_SET`, another code, `HTTP_<status>`, `UNKNOWN`. */
  code: string;
  /** The rule of a 422 (`details[].reason`, e.g. `alias.reserved`), when the server named one this app knows. */
  reason: AliasProblem | null;
}

/** Reads a failed `PUT /users/me/alias`. */
export function aliasErrorOf(error: unknown): AliasError {
  let reason: AliasProblem | null = null;
  if (isRecord(error) && Array.isArray(error.details)) {
    for (const detail of error.details as unknown[]) {
      if (isRecord(detail) && isAliasProblem(detail.reason)) {
        reason = detail.reason;
        break;
      }
    }
  }
  return { code: errorCodeOf(error), reason };
}
