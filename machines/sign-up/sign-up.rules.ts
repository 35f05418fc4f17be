/**
 * The rules of signing up under a sponsor that the server enforces and the sign-up form checks before sending:
 * a distributor's alias (docs/adr/0140-sign-up-under-a-sponsor.md) and the form's own fields. Both sides run these
 * same schemas; the contract (`openapi/api-v3.yaml`) only bounds sizes, so the words of a refusal are one set.
 *
 * Problems are codes (`alias.reserved`), not texts: the SPA translates them, the server answers them in the error's
 * `details`.
 */
import { z } from 'zod/mini';

export const ALIAS_MIN = 3;
export const ALIAS_MAX = 30;

/**
 * Lower-case ASCII letters and digits in runs joined by single hyphens. Nothing outside ASCII can be written, so a
 * Cyrillic `а` or a full-width `ａ` cannot pass for a Latin one; no leading, trailing or doubled hyphen, so
 * `-alice`, `alice-` and `al--ice` cannot pass for `alice`'s neighbours.
 */
const ALIAS_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A PRN (`MD1000042`) is every distributor's alias already; an alias of that shape, or drawn like it (`mdl000042`
 * with an `l`, `md1ooo042` with `o`s), would shadow someone's.
 */
const PRN_SHAPE = /^md[0-9ol]*[0-9][0-9ol]*$/;

/**
 * Words no distributor may take: the app's own routes (an `/s/login` would look like the portal's page), the
 * company's voices (`support`, `admin`, `warehouse`…) and the network's titles. Compared by skeleton, so `supp0rt`
 * and `adm-in` are refused too.
 */
export const RESERVED_ALIASES: readonly string[] = [
  // the app's routes and the public ones of this feature
  ...`login logout signin signup sign-in sign-up register join reset-pass confirm-email payment payments
    terms privacy cookies wishlist shopping-bag promotions personal new-order products product documents
    dashboard charts my-orders my-orders-warehouse exchange-1c my-distributers my-distributors client-base
    shop store catalogue catalog api app public static assets dev mailbox health metrics www mail
    email`.split(/\s+/),
  // the company's voices
  ...`admin administrator root system support help helpdesk info contact security abuse postmaster
    webmaster billing accounts accounting office official company portal team staff moderator owner ceo
    director warehouse warehouses stock delivery courier maib 1c onec distributor distributors partner
    partners sponsor sponsors network marketing-plan ethics-code null undefined anonymous test demo`.split(
    /\s+/,
  ),
];

/**
 * What an alias looks like to a reader: the ASCII pairs fonts draw alike folded together (`0`→`o`, `1`→`l`,
 * `rn`→`m`, `cl`→`d`, `vv`→`w` from Unicode TR39's confusables, then `i`→`l` as well, since `adm1n` passes for
 * `admin`) and hyphens dropped. Two aliases with one skeleton are one alias: the second is taken (the database keeps
 * the skeleton unique).
 */
export function aliasSkeleton(alias: string): string {
  return alias
    .toLowerCase()
    .replaceAll('-', '')
    .replaceAll('0', 'o')
    .replaceAll('1', 'l')
    .replaceAll('rn', 'm')
    .replaceAll('cl', 'd')
    .replaceAll('vv', 'w')
    .replaceAll('i', 'l');
}

const RESERVED_SKELETONS: ReadonlySet<string> = new Set(RESERVED_ALIASES.map(aliasSkeleton));

/** The alias as stored: trimmed and lower-cased (`Alice` is `alice`); nothing else is changed. */
export const normaliseAlias = (input: string): string => input.trim().toLowerCase();

/** Every rule an alias can break: the codes the server returns in `details[].reason` and the SPA translates. */
export const ALIAS_PROBLEMS = [
  'alias.tooShort',
  'alias.tooLong',
  'alias.characters',
  'alias.hyphens',
  'alias.prn',
  'alias.reserved',
] as const;

export type AliasProblem = (typeof ALIAS_PROBLEMS)[number];

/** Why `alias` (already normalised) cannot be one, or null when it can. */
export function aliasProblem(alias: string): AliasProblem | null {
  if (alias.length < ALIAS_MIN) return 'alias.tooShort';
  if (alias.length > ALIAS_MAX) return 'alias.tooLong';
  if (!/^[a-z0-9-]+$/.test(alias)) return 'alias.characters';
  if (!ALIAS_SHAPE.test(alias)) return 'alias.hyphens';
  if (PRN_SHAPE.test(alias) || /^\d+$/.test(alias)) return 'alias.prn';
  if (RESERVED_SKELETONS.has(aliasSkeleton(alias))) return 'alias.reserved';
  return null;
}

/** The alias form: one field, normalised, then checked. */
export const aliasSchema = z.object({
  alias: z.string().check(
    z.trim(),
    z.toLowerCase(),
    z.superRefine((value, context) => {
      const problem = aliasProblem(value);
      if (problem !== null) context.issues.push({ code: 'custom', message: problem, input: value });
    }),
  ),
});
export type AliasFormValues = z.infer<typeof aliasSchema>;

/* ------------------------------------------------------------------------------------ the sign-up form */

/** A distributor signs the distributor agreement, a contract: an adult (Moldova's age of majority). */
export const MIN_SIGN_UP_AGE = 18;
/** Older than this is a typing mistake, not a person. */
export const MAX_SIGN_UP_AGE = 120;

/** Whole years from `birthDate` to `today` (both `YYYY-MM-DD`); a birthday on 29 February counts on 1 March. */
export function ageOn(birthDate: string, today: string): number {
  const [by = 0, bm = 0, bd = 0] = birthDate.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A real calendar day `YYYY-MM-DD` (not 2001-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export type BirthDateProblem = 'birthDate.invalid' | 'birthDate.underAge';

/** Why `birthDate` does not let its owner sign up on `today`, or null. */
export function birthDateProblem(birthDate: string, today: string): BirthDateProblem | null {
  if (!isCalendarDay(birthDate)) return 'birthDate.invalid';
  const age = ageOn(birthDate, today);
  if (age > MAX_SIGN_UP_AGE || birthDate > today) return 'birthDate.invalid';
  if (age < MIN_SIGN_UP_AGE) return 'birthDate.underAge';
  return null;
}

/** The phone as the duplicate check compares it: its digits (`+373 69 123 456` is `37369123456`). */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

const PHONE = /^\+?[0-9 ()-]{6,24}$/;

/** A phone a person can be called on: the profile's rule (6 to 24 of digits, spaces, brackets, hyphens). */
export const isPhone = (phone: string): boolean => PHONE.test(phone) && phoneDigits(phone).length >= 6;
