import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { components } from '#openapi/schema.d.ts';

type Rank = components['schemas']['Rank'];

/** Rank codes of the contract, lowest first, as the interface names them (dashboard, network, distributor card). */
export const RANK_NAMES: Record<Rank, MessageDescriptor> = {
  consultant: msg`Consultant`,
  manager: msg`Manager`,
  senior_manager: msg`Senior Manager`,
  director: msg`Director`,
  silver_director: msg`Silver Director`,
  gold_director: msg`Gold Director`,
  diamond_director: msg`Diamond Director`,
  president: msg`President`,
};
