// The marketing plan's rules as the engine applies them, the plan's own example first, and exact points.
import { describe, expect, it } from 'vitest';
import { RANKS } from '#server/db/reference.ts';
import {
  dayBegins,
  monthBegins,
  monthEnds,
  monthStart,
  periodOf,
  zoneDay,
} from '#server/domain/network/period.ts';
import { bonusLines, noLegs, paidAsRank, rankOfCode, totalOf } from '#server/domain/volumes/plan.ts';
import { hundredthsText, mulDivRound, parseHundredths } from '#server/domain/volumes/points.ts';

const rank = (code: string) => rankOfCode(code);

describe("the plan's own example", () => {
  it('a Senior Manager (9 %) with a Manager leg (6 %) of 2,000 PGV and own 100 PV earns 60 PV + 9 PV, i.e. 1,800 + 270 MDL', () => {
    const lines = bonusLines(100_00, rank('senior_manager'), [
      { memberId: 7, rank: rank('manager'), pgv: 2000_00 },
    ]);
    expect(lines).toEqual([
      { kind: 'personal', memberId: null, level: 0, base: 100_00, percent: 9, points: 9_00, amount: 270_00 },
      {
        kind: 'differential',
        memberId: 7,
        level: 1,
        base: 2000_00,
        percent: 3,
        points: 60_00,
        amount: 1800_00,
      },
    ]);
    expect(totalOf(lines)).toBe(2070_00);
    // And those figures make a Senior Manager: PV 100 ≥ 50, GV 2,100 ≥ 1,000, one Manager leg.
    const legs = noLegs();
    legs[rank('manager')] = 1;
    expect(RANKS[paidAsRank(100_00, 2100_00, legs)]?.code).toBe('senior_manager');
  });

  it('pays nothing below 25 PV, nothing on a leg at the same percent, 5 % of a breakaway leg only to a breakaway rank', () => {
    expect(bonusLines(24_99, rank('director'), [{ memberId: 1, rank: 0, pgv: 5000_00 }])).toEqual([]);
    const manager = bonusLines(50_00, rank('manager'), [
      { memberId: 1, rank: rank('manager'), pgv: 900_00 },
      { memberId: 2, rank: rank('director'), pgv: 9000_00 },
      { memberId: 3, rank: 0, pgv: 100_00 },
      { memberId: 4, rank: 0, pgv: -30_00 },
    ]);
    expect(manager.map((line) => [line.kind, line.memberId, line.percent])).toEqual([
      ['personal', null, 6],
      ['differential', 3, 3],
    ]);
    const director = bonusLines(80_00, rank('director'), [
      { memberId: 2, rank: rank('gold_director'), pgv: 12_345_67 },
    ]);
    expect(director[1]).toEqual({
      kind: 'leadership',
      memberId: 2,
      level: 1,
      base: 12_345_67,
      percent: 5,
      // 12,345.67 × 5 % = 617.2835 → 617.28 PV, × 30 MDL = 18,518.40 MDL
      points: 617_28,
      amount: 18_518_40,
    });
  });

  it('ranks a month by PV, GV and legs at the leg rank, the highest rank met', () => {
    const legs = noLegs();
    expect(paidAsRank(49_99, 10_000_00, legs)).toBe(0);
    expect(RANKS[paidAsRank(50_00, 300_00, legs)]?.code).toBe('manager');
    legs[rank('senior_manager')] = 2;
    expect(RANKS[paidAsRank(100_00, 8000_00, legs)]?.code).toBe('silver_director');
    expect(RANKS[paidAsRank(100_00, 7999_99, legs)]?.code).toBe('director');
    legs[rank('director')] = 4;
    expect(RANKS[paidAsRank(200_00, 120_000_00, legs)]?.code).toBe('president');
  });
});

describe('exact points', () => {
  it('reads and writes decimals with two fraction digits as integers', () => {
    expect(parseHundredths('12.5')).toBe(1250);
    expect(parseHundredths('-3.07')).toBe(-307);
    expect(parseHundredths('40')).toBe(4000);
    expect(parseHundredths('0.10')).toBe(10);
    expect(() => parseHundredths('1.005')).toThrow();
    expect(hundredthsText(1250)).toBe('12.50');
    expect(hundredthsText(-307)).toBe('-3.07');
    expect(hundredthsText(5)).toBe('0.05');
  });

  it('rounds half away from zero with integers only', () => {
    expect(mulDivRound(1_234_567, 5, 100)).toBe(61_728);
    expect(mulDivRound(50, 1, 100)).toBe(1);
    expect(mulDivRound(49, 1, 100)).toBe(0);
    expect(mulDivRound(-50, 1, 100)).toBe(-1);
    // 0.1 + 0.2 in floating point is not 0.3; in hundredths it is.
    expect(10 + 20).toBe(30);
  });
});

describe("periods on the company's clock", () => {
  it('puts 01:30 on the 1st in Chișinău in the new month, though UTC still has the old one', () => {
    const at = new Date('2026-02-28T23:30:00Z'); // 01:30 on 1 March in Chișinău (UTC+2)
    expect(monthStart(at, 0, 'Europe/Chisinau')).toBe('2026-03-01');
    expect(monthStart(at, 0, 'UTC')).toBe('2026-02-01');
    expect(zoneDay(at, 'Europe/Chisinau')).toBe('2026-03-01');
  });

  it('knows where months begin and end across summer time', () => {
    expect(monthBegins('2026-03-01', 'Europe/Chisinau').toISOString()).toBe('2026-02-28T22:00:00.000Z');
    // Summer time (UTC+3) from the last Sunday of March: April begins at 21:00 UTC.
    expect(monthEnds('2026-03-01', 'Europe/Chisinau').toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(dayBegins('2026-11-04', 'Europe/Chisinau').toISOString()).toBe('2026-11-03T22:00:00.000Z');
    expect(periodOf('2026-03-01', new Date('2026-03-31T20:59:00Z'), 'Europe/Chisinau').daysLeft).toBe(1);
    expect(periodOf('2026-03-01', new Date('2026-03-31T21:00:00Z'), 'Europe/Chisinau').daysLeft).toBe(0);
  });
});
