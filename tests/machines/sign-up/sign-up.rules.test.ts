/** The sign-up rules both sides run: the alias's shape, reserved words and skeleton; age and dates; phones. */
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  aliasProblem,
  aliasSchema,
  aliasSkeleton,
  birthDateProblem,
  isCalendarDay,
  isPhone,
  phoneDigits,
} from '#machines/sign-up/sign-up.rules.ts';

describe('the alias', () => {
  it('is normalised by the schema (trimmed, lower-cased) and then checked', () => {
    expect(aliasSchema.safeParse({ alias: '  Ana-Popescu ' })).toEqual({
      success: true,
      data: { alias: 'ana-popescu' },
    });
    const refused = aliasSchema.safeParse({ alias: 'Adm1n' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['alias.reserved']);
  });

  it.each([
    ['ana', null],
    ['a-1', null],
    ['abc-def-123', null],
    ['ab', 'alias.tooShort'],
    ['x'.repeat(31), 'alias.tooLong'],
    ['ana\u0301', 'alias.characters'], // a combining accent
    ['\u0430na', 'alias.characters'], // Cyrillic
    ['ana.b', 'alias.characters'],
    ['ana--b', 'alias.hyphens'],
    ['-ana', 'alias.hyphens'],
    ['md1000042', 'alias.prn'],
    ['md1ooo042', 'alias.prn'],
    ['2024', 'alias.prn'],
    ['green-leaf', null],
    ['cl-ient-base', 'alias.reserved'], // reads as "client-base"
    ['adm1n', 'alias.reserved'],
    ['client-base', 'alias.reserved'],
    ['c1ient-base', 'alias.reserved'],
  ])('%j → %s', (alias, problem) => {
    expect(aliasProblem(alias)).toBe(problem);
  });

  it('has one skeleton for the look-alikes a reader cannot tell apart', () => {
    const alice = aliasSkeleton('alice');
    for (const lookalike of ['a1ice', 'al-ice', 'ALICE', 'a-l-i-c-e', 'allce', 'a11ce'])
      expect(aliasSkeleton(lookalike)).toBe(alice);
    expect(aliasSkeleton('modern')).toBe(aliasSkeleton('modem'));
    expect(aliasSkeleton('clear')).toBe(aliasSkeleton('dear'));
    expect(aliasSkeleton('vvolf')).toBe(aliasSkeleton('wolf'));
    expect(aliasSkeleton('b0b')).toBe(aliasSkeleton('bob'));
    expect(aliasSkeleton('alice')).not.toBe(aliasSkeleton('alicia'));
  });
});

describe('the birth date', () => {
  it('counts whole years, a birthday on 29 February on 1 March of other years', () => {
    expect(ageOn('2008-03-10', '2026-03-09')).toBe(17);
    expect(ageOn('2008-03-10', '2026-03-10')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('refuses impossible and future dates, and anyone under 18', () => {
    expect(isCalendarDay('2001-02-29')).toBe(false);
    expect(isCalendarDay('2000-02-29')).toBe(true);
    expect(birthDateProblem('2001-02-30', '2026-01-01')).toBe('birthDate.invalid');
    expect(birthDateProblem('2027-01-01', '2026-01-01')).toBe('birthDate.invalid');
    expect(birthDateProblem('1890-01-01', '2026-01-01')).toBe('birthDate.invalid');
    expect(birthDateProblem('2008-01-02', '2026-01-01')).toBe('birthDate.underAge');
    expect(birthDateProblem('2008-01-01', '2026-01-01')).toBeNull();
  });
});

describe('the phone', () => {
  it('is compared by its digits and needs six of them', () => {
    expect(phoneDigits('+373 (69) 123-456')).toBe('37369123456');
    expect(isPhone('+373 69 123 456')).toBe(true);
    expect(isPhone('12-34')).toBe(false);
    expect(isPhone('call me')).toBe(false);
  });
});
