/**
 * The rank ladder of the network. The thresholds live in one place, `RANKS` of `server/db/reference.ts` (the seed
 * computes paid-as ranks with them and the marketing-plan PDF prints them); this module only reads them and
 * translates a stored rank code into the contract's `Rank` enum.
 *
 * The contract's `Rank` enum is this ladder (docs/adr/0030-volumes-ranks-qualifications.md), so `API_RANK` is the
 * identity; it stays a table so that a stored code the contract does not know falls to the ladder's first step.
 */
import type { components } from '#openapi/schema.d.ts';
import { ACTIVE_PV, RANKS, rankIndex, type Localized, type Rank } from '../../db/reference.ts';

export type ApiRank = components['schemas']['Rank'];

const API_RANK: Readonly<Record<string, ApiRank>> = {
  consultant: 'consultant',
  manager: 'manager',
  senior_manager: 'senior_manager',
  director: 'director',
  silver_director: 'silver_director',
  gold_director: 'gold_director',
  diamond_director: 'diamond_director',
  president: 'president',
};

/** The contract's code of a stored rank (an unknown or missing rank is the ladder's first step). */
export function toApiRank(code: string | null | undefined): ApiRank {
  return API_RANK[code ?? ''] ?? API_RANK[RANKS[0]?.code ?? ''] ?? 'consultant';
}

/** Index of a stored rank on the ladder, 0 (the first step) when unknown. */
export const ladderIndex = (code: string | null | undefined): number => Math.max(0, rankIndex(code ?? null));

export const rankAt = (index: number): Rank | undefined => RANKS[index];

/** The rank after `code`, or null at the top. */
export const nextRankOf = (code: string | null | undefined): Rank | null =>
  RANKS[ladderIndex(code) + 1] ?? null;

/** Stored rank codes from `code` upwards (for "at least this rank" filters). */
export const codesFrom = (code: string | null): string[] =>
  RANKS.slice(code === null ? 0 : ladderIndex(code)).map((rank) => rank.code);

export type RankFacts = {
  /** personal volume of the month */
  pv: number;
  /** group volume of the month */
  gv: number;
  /** first-line legs counted by their paid-as rank of the month (stored codes; no volume row = no rank) */
  legRanks: ReadonlyMap<string, number>;
};

export type Requirement = {
  code: 'pv' | 'gv' | 'active_legs';
  label: Localized;
  required: number;
  actual: number;
  missing: number;
};

const round2 = (value: number): number => Math.round(value * 100) / 100;

const legsLabel = (rank: Rank): Localized => ({
  ru: `Ветки первой линии с рангом не ниже «${rank.title.ru}»`,
  en: `First-line legs headed by ${rank.title.en} or higher`,
  ro: `Ramuri din prima linie conduse de cel puțin ${rank.title.ro}`,
  uk: `Гілки першої лінії з рангом не нижче «${rank.title.uk}»`,
  it: `Rami in prima linea guidati almeno da ${rank.title.it}`,
});

const PV_LABEL: Localized = {
  ru: 'Личный объём (PV)',
  en: 'Personal volume (PV)',
  ro: 'Volum personal (PV)',
  uk: 'Особистий обсяг (PV)',
  it: 'Volume personale (PV)',
};
const GV_LABEL: Localized = {
  ru: 'Групповой объём (GV)',
  en: 'Group volume (GV)',
  ro: 'Volum de grup (GV)',
  uk: 'Груповий обсяг (GV)',
  it: 'Volume di gruppo (GV)',
};

/** What `rank` asks for in a month, against the facts of that month. */
export function requirementsOf(rank: Rank, facts: RankFacts): Requirement[] {
  const item = (
    code: Requirement['code'],
    label: Localized,
    required: number,
    actual: number,
  ): Requirement => ({
    code,
    label,
    required,
    actual: round2(actual),
    missing: round2(Math.max(0, required - actual)),
  });
  const out = [item('pv', PV_LABEL, rank.pv, facts.pv), item('gv', GV_LABEL, rank.gv, facts.gv)];
  const legRank = rank.legRank === null ? undefined : RANKS[ladderIndex(rank.legRank)];
  if (rank.legs > 0 && legRank !== undefined) {
    const from = ladderIndex(legRank.code);
    let legs = 0;
    for (const [code, count] of facts.legRanks) if (ladderIndex(code) >= from) legs += count;
    out.push(item('active_legs', legsLabel(legRank), rank.legs, legs));
  }
  return out;
}

/** True when the month's facts meet every requirement of `rank`. */
export const meetsRank = (rank: Rank, facts: RankFacts): boolean =>
  requirementsOf(rank, facts).every((requirement) => requirement.missing === 0);

/** PV a distributor needs in the month to be active (the spec's "PV at least 25"). */
export { ACTIVE_PV };
