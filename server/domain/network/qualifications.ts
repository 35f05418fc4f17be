/**
 * The contract's qualifications of a period (`QualificationCode`), computed from the month's volumes, the
 * genealogy and the stored programme qualifications. Definitions (docs/adr/0030-volumes-ranks-qualifications.md):
 * - `active`: PV of the month at least 25;
 * - `qualified`: active and meeting the requirements of the distributor's rank in the month;
 * - `fast_start`: a new distributor (the month falls in the first three months after signing) with at least three
 *   recruits signed in those three months;
 * - `team_builder`: at least three personally sponsored distributors active in the month;
 * - `leader_pool`: GV of the month at least 10,000;
 * - `qualification_2025`: holds a stage of the Qualification 2025 programme (`q2025_*` in `qualifications`).
 */
import type { components } from '#openapi/schema.d.ts';
import type { Localized } from '../../db/reference.ts';
import { ACTIVE_PV } from './ranks.ts';

export type QualificationCode = components['schemas']['QualificationCode'];

export const QUALIFICATION_CODES: readonly QualificationCode[] = [
  'active',
  'qualified',
  'fast_start',
  'team_builder',
  'leader_pool',
  'qualification_2025',
];

export const QUALIFICATION_NAMES: Readonly<Record<QualificationCode, Localized>> = {
  active: { ru: 'Активный', en: 'Active', ro: 'Activ', uk: 'Активний', it: 'Attivo' },
  qualified: {
    ru: 'Квалифицирован',
    en: 'Qualified',
    ro: 'Calificat',
    uk: 'Кваліфікований',
    it: 'Qualificato',
  },
  fast_start: {
    ru: 'Быстрый старт',
    en: 'Fast start',
    ro: 'Start rapid',
    uk: 'Швидкий старт',
    it: 'Partenza veloce',
  },
  team_builder: {
    ru: 'Строитель команды',
    en: 'Team builder',
    ro: 'Constructor de echipă',
    uk: 'Будівничий команди',
    it: 'Costruttore di squadra',
  },
  leader_pool: {
    ru: 'Лидерский пул',
    en: 'Leader pool',
    ro: 'Fondul liderilor',
    uk: 'Лідерський пул',
    it: 'Pool leader',
  },
  qualification_2025: {
    ru: 'Квалификация 2025',
    en: 'Qualification 2025',
    ro: 'Calificarea 2025',
    uk: 'Кваліфікація 2025',
    it: 'Qualifica 2025',
  },
};

export const FAST_START_MONTHS = 3;
export const FAST_START_RECRUITS = 3;
export const TEAM_BUILDER_ACTIVE = 3;
export const LEADER_POOL_GV = 10_000;
/** Stored programme qualifications that count as `qualification_2025`. */
export const Q2025_PREFIX = 'q2025_';

export type QualificationFacts = {
  pv: number;
  gv: number;
  /** meets the requirements of the distributor's rank this month */
  meetsRank: boolean;
  /** the month is one of the first three after signing */
  isNew: boolean;
  /** children signed within three months of the distributor's signing */
  earlyRecruits: number;
  /** children with PV ≥ 25 this month */
  activeChildren: number;
  hasQ2025: boolean;
};

/** The qualifications achieved, in the contract's order. */
export function achievedQualifications(facts: QualificationFacts): QualificationCode[] {
  const active = facts.pv >= ACTIVE_PV;
  const achieved: Record<QualificationCode, boolean> = {
    active,
    qualified: active && facts.meetsRank,
    fast_start: facts.isNew && facts.earlyRecruits >= FAST_START_RECRUITS,
    team_builder: facts.activeChildren >= TEAM_BUILDER_ACTIVE,
    leader_pool: facts.gv >= LEADER_POOL_GV,
    qualification_2025: facts.hasQ2025,
  };
  return QUALIFICATION_CODES.filter((code) => achieved[code]);
}
