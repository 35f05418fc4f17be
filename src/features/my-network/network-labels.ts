import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { components } from '#openapi/schema.d.ts';
import { RANK_NAMES } from '../../i18n/labels/ranks.ts';

type QualificationCode = components['schemas']['QualificationCode'];

/**
 * The marketing plan's volume codes. Like PRN they are printed as they are in every language (the plan, the
 * statements and the export use them); their names (`Personal volume`, ...) are translated.
 */
export const VOLUME_CODES = { pv: 'PV', gv: 'GV', cgv: 'CGV', pgv: 'PGV' } as const;

export { RANK_NAMES };

export const QUALIFICATION_NAMES: Record<QualificationCode, MessageDescriptor> = {
  active: msg`Active`,
  qualified: msg`Qualified`,
  fast_start: msg`Fast start`,
  team_builder: msg`Team builder`,
  leader_pool: msg`Leader pool`,
  qualification_2025: msg`Qualification 2025`,
};

/** Why a part of the genealogy could not be shown, by the error code the machine carries. */
export function treeErrorMessage(code: string | null): MessageDescriptor {
  switch (code) {
    case 'NOT_FOUND':
      return msg`This distributor is not in your network.`;
    case 'FORBIDDEN':
      return msg`Only distributors have a network.`;
    case 'TIMEOUT':
    case 'NETWORK_ERROR':
      return msg`The server did not answer. Check your connection and try again.`;
    default:
      return msg`The distributors could not be loaded.`;
  }
}
