/**
 * Reference vocabularies shared by the schema, the demo seed and the documents: languages, product categories,
 * the rank ladder of the marketing plan, the qualification catalogue and the order vocabularies. The order-lifecycle
 * machine (`machines/order-lifecycle/`) decides which status follows which; this file only names the values the
 * database stores.
 */

export const LANGS = ['ru', 'en', 'ro', 'uk', 'it'] as const;
export type Lang = (typeof LANGS)[number];
export type Localized = Record<Lang, string>;

export const CATEGORIES = ['makeup', 'perfumery', 'facial_care'] as const;
export type Category = (typeof CATEGORIES)[number];

// The order vocabularies are the lifecycle machine's own: one list, two users (the machine and the database).
export {
  DELIVERY_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  type DeliveryType,
  type OrderStatus,
  type PaymentMethod,
  type PaymentState,
} from '../../machines/order-lifecycle/order-lifecycle.types.ts';

export const PAYMENT_ATTEMPT_STATES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentAttemptState = (typeof PAYMENT_ATTEMPT_STATES)[number];

export const EXCHANGE_STATES = ['queued', 'sent', 'confirmed', 'error'] as const;
export type ExchangeState = (typeof EXCHANGE_STATES)[number];

export const OUTBOX_KINDS = ['password_reset', 'email_confirmation'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** Who wrote an order history entry: a role of the token, or a system side. */
export const ACTOR_ROLES = [
  'system',
  'partner',
  'user',
  'warehouse',
  'partner_warehouse',
  'payment',
  'exchange',
] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** Value of one point (PV) in minor units of the currency, used for bonus calculation (1 PV = 30.00 MDL). */
export const POINT_VALUE_MINOR = 3000;
/** PV a distributor needs in a month to count as active (spec section 9: "PV at least 25 points"). */
export const ACTIVE_PV = 25;

export type Rank = {
  code: string;
  title: Localized;
  /** minimum personal volume in the month */
  pv: number;
  /** minimum group volume in the month */
  gv: number;
  /** minimum number of first-line legs headed by at least `legRank` */
  legs: number;
  legRank: string | null;
  /** group bonus, percent of PGV */
  bonusPercent: number;
};

/** The rank ladder of the marketing plan, lowest first. Ranks from `director` up break away from their sponsor's PGV. */
export const RANKS: readonly Rank[] = [
  {
    code: 'consultant',
    title: { ru: 'Консультант', en: 'Consultant', ro: 'Consultant', uk: 'Консультант', it: 'Consulente' },
    pv: 0,
    gv: 0,
    legs: 0,
    legRank: null,
    bonusPercent: 3,
  },
  {
    code: 'manager',
    title: { ru: 'Менеджер', en: 'Manager', ro: 'Manager', uk: 'Менеджер', it: 'Manager' },
    pv: 50,
    gv: 300,
    legs: 0,
    legRank: null,
    bonusPercent: 6,
  },
  {
    code: 'senior_manager',
    title: {
      ru: 'Старший менеджер',
      en: 'Senior Manager',
      ro: 'Manager superior',
      uk: 'Старший менеджер',
      it: 'Manager senior',
    },
    pv: 50,
    gv: 1000,
    legs: 1,
    legRank: 'manager',
    bonusPercent: 9,
  },
  {
    code: 'director',
    title: { ru: 'Директор', en: 'Director', ro: 'Director', uk: 'Директор', it: 'Direttore' },
    pv: 75,
    gv: 3000,
    legs: 2,
    legRank: 'manager',
    bonusPercent: 12,
  },
  {
    code: 'silver_director',
    title: {
      ru: 'Серебряный директор',
      en: 'Silver Director',
      ro: 'Director de argint',
      uk: 'Срібний директор',
      it: 'Direttore Argento',
    },
    pv: 100,
    gv: 8000,
    legs: 2,
    legRank: 'senior_manager',
    bonusPercent: 15,
  },
  {
    code: 'gold_director',
    title: {
      ru: 'Золотой директор',
      en: 'Gold Director',
      ro: 'Director de aur',
      uk: 'Золотий директор',
      it: 'Direttore Oro',
    },
    pv: 100,
    gv: 20000,
    legs: 3,
    legRank: 'senior_manager',
    bonusPercent: 18,
  },
  {
    code: 'diamond_director',
    title: {
      ru: 'Бриллиантовый директор',
      en: 'Diamond Director',
      ro: 'Director de diamant',
      uk: 'Діамантовий директор',
      it: 'Direttore Diamante',
    },
    pv: 150,
    gv: 50000,
    legs: 3,
    legRank: 'director',
    bonusPercent: 21,
  },
  {
    code: 'president',
    title: { ru: 'Президент', en: 'President', ro: 'Președinte', uk: 'Президент', it: 'Presidente' },
    pv: 200,
    gv: 120000,
    legs: 4,
    legRank: 'director',
    bonusPercent: 24,
  },
];
export type RankCode = string;

/** Ranks from this index up break away: their group volume no longer counts in the sponsor's PGV. */
export const BREAKAWAY_RANK_INDEX = 3;

export const rankIndex = (code: string | null): number => RANKS.findIndex((rank) => rank.code === code);

export type Qualification = { code: string; title: Localized };

/** Qualifications a distributor can hold (`qualifications.code`). */
export const QUALIFICATIONS: readonly Qualification[] = [
  {
    code: 'active_partner',
    title: {
      ru: 'Активный партнёр',
      en: 'Active partner',
      ro: 'Partener activ',
      uk: 'Активний партнер',
      it: 'Partner attivo',
    },
  },
  {
    code: 'fast_start',
    title: {
      ru: 'Быстрый старт',
      en: 'Fast start',
      ro: 'Start rapid',
      uk: 'Швидкий старт',
      it: 'Partenza veloce',
    },
  },
  {
    code: 'q2025_start',
    title: {
      ru: 'Квалификация 2025: Старт',
      en: 'Qualification 2025: Start',
      ro: 'Calificarea 2025: Start',
      uk: 'Кваліфікація 2025: Старт',
      it: 'Qualifica 2025: Start',
    },
  },
  {
    code: 'q2025_leader',
    title: {
      ru: 'Квалификация 2025: Лидер',
      en: 'Qualification 2025: Leader',
      ro: 'Calificarea 2025: Lider',
      uk: 'Кваліфікація 2025: Лідер',
      it: 'Qualifica 2025: Leader',
    },
  },
  {
    code: 'q2025_star',
    title: {
      ru: 'Квалификация 2025: Звезда',
      en: 'Qualification 2025: Star',
      ro: 'Calificarea 2025: Stea',
      uk: 'Кваліфікація 2025: Зірка',
      it: 'Qualifica 2025: Stella',
    },
  },
  ...RANKS.slice(1).map((rank) => ({ code: `rank_${rank.code}`, title: rank.title })),
];
