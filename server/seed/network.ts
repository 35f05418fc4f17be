/**
 * The demo genealogy: downlines grown level by level under a root, then 12 months of volumes computed the way the
 * marketing plan defines them (PV, GV, PGV with breakaway at director, CGV), the paid-as rank of each month, the
 * differential group bonus, and the qualifications earned.
 */
import { ACTIVE_PV, BREAKAWAY_RANK_INDEX, POINT_VALUE_MINOR, RANKS, type Lang } from '../db/reference.ts';
import { person, phone, CITIES } from './people.ts';
import type { Prng } from './prng.ts';

const DAY = 86_400_000;

export type Member = {
  id: number;
  sponsorId: number | null;
  path: string;
  depth: number;
  fullName: string;
  email: string;
  phone: string;
  city: string;
  lang: Lang;
  warehouseId: number;
  signingDate: Date;
  /** probability of being active in a month */
  activity: number;
  /** leaders buy more */
  leader: boolean;
  prn: string;
};

export type GrowOptions = {
  root: Member;
  firstId: number;
  size: number;
  maxDepth: number;
  firstLine: number;
  now: Date;
  /** warehouse weights for new members: [[warehouseId, weight], ...] */
  warehouses: readonly (readonly [number, number])[];
  /** e-mail local parts already taken (shared between calls) */
  usedEmails: Set<string>;
};

const FANOUT: readonly (readonly [number, number])[] = [
  [0, 25],
  [1, 20],
  [2, 20],
  [3, 15],
  [4, 10],
  [5, 6],
  [7, 4],
];

export const prnOf = (id: number): string => `MD${String(1_000_000 + id)}`;

function newMember(prng: Prng, parent: Member, id: number, now: Date, options: GrowOptions): Member {
  const who = person(prng);
  let local = who.emailLocal;
  if (options.usedEmails.has(local)) local = `${local}.${id}`;
  options.usedEmails.add(local);
  const depth = parent.depth + 1;
  // Signed weeks to two years after the sponsor; recent recruits are made afterwards, among the leaves.
  const time = parent.signingDate.getTime() + (20 + Math.pow(prng.next(), 2) * 700) * DAY;
  const activityRoll = prng.next();
  return {
    id,
    sponsorId: parent.id,
    path: `${parent.path}${id}.`,
    depth,
    fullName: who.fullName,
    email: `${local}@demo.test`,
    phone: phone(prng),
    city: prng.pick(CITIES),
    lang: who.lang,
    warehouseId: prng.weighted(options.warehouses),
    signingDate: utcDay(new Date(Math.min(time, now.getTime() - DAY))),
    activity:
      depth - options.root.depth <= 2 ? 0.92 : activityRoll < 0.3 ? 0.15 : activityRoll < 0.7 ? 0.6 : 0.9,
    leader: depth - options.root.depth <= 2 || prng.chance(0.04),
    prn: prnOf(id),
  };
}

/** Grows `size` members under `root`, level by level, at most `maxDepth` levels deep. */
export function growDownline(prng: Prng, options: GrowOptions): Member[] {
  const { root, now } = options;
  const members: Member[] = [];
  let nextId = options.firstId;
  let level: Member[] = [root];
  for (
    let depth = 1;
    depth <= options.maxDepth && members.length < options.size && level.length > 0;
    depth++
  ) {
    const next: Member[] = [];
    for (const parent of prng.sample(level, level.length)) {
      const children = depth === 1 ? options.firstLine : prng.weighted(FANOUT);
      for (let i = 0; i < children && members.length + next.length < options.size; i++) {
        next.push(newMember(prng, parent, nextId++, now, options));
      }
    }
    members.push(...next);
    level = next;
  }
  // When the levels ran out of children before `size`, the rest join random members above the last level.
  while (members.length < options.size) {
    const candidates = members.filter((member) => member.depth - root.depth < options.maxDepth);
    const parent = candidates.length > 0 ? prng.pick(candidates) : root;
    const child = newMember(prng, parent, nextId++, now, options);
    members.push(child);
  }
  // About one in six leaves is a recent recruit, signed in the last eleven months.
  const sponsors = new Set(members.map((member) => member.sponsorId));
  const byId = new Map([root, ...members].map((member) => [member.id, member]));
  for (const member of members) {
    if (sponsors.has(member.id) || !prng.chance(0.16)) continue;
    const parentTime =
      byId.get(member.sponsorId ?? -1)?.signingDate.getTime() ?? member.signingDate.getTime();
    const recent = Math.max(parentTime + DAY, now.getTime() - DAY - prng.next() * 330 * DAY);
    member.signingDate = utcDay(new Date(Math.min(recent, now.getTime() - DAY)));
  }
  return members;
}

const utcDay = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

export type VolumeRow = {
  userId: number;
  month: string;
  pv: number;
  gv: number;
  cgv: number;
  pgv: number;
  bonus: number;
  rank: string;
  closed: boolean;
};

export type QualificationRow = { userId: number; code: string; achievedAt: string };

export type NetworkResult = {
  volumes: VolumeRow[];
  /** highest rank each member reached in the window */
  ranks: Map<number, string>;
  qualifications: QualificationRow[];
};

const round2 = (value: number): number => Math.round(value * 100) / 100;
const monthIndexOf = (date: Date): number => date.getUTCFullYear() * 12 + date.getUTCMonth();

/** The first days of the last `count` months, oldest first, ending with the month of `now`. */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(date.toISOString().slice(0, 10));
  }
  return months;
}

const monthEnd = (month: string): string => {
  const start = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

function personalVolume(prng: Prng, member: Member, isRoot: boolean): number {
  if (isRoot) return prng.int(300, 640) / 2;
  if (prng.chance(member.activity)) {
    const base = member.leader ? prng.int(150, 400) : prng.int(50, 170);
    const extra = prng.chance(0.15) ? prng.int(40, 300) : 0;
    return (base + extra) / 2;
  }
  return prng.chance(0.3) ? prng.int(2, 48) / 2 : 0;
}

/**
 * Computes volumes, ranks, bonuses and qualifications for a forest of members (every member's sponsor must be in
 * `members` or be null). Months before a member's signing month are skipped; the last month is open.
 */
export function computeNetwork(
  prng: Prng,
  members: readonly Member[],
  months: readonly string[],
): NetworkResult {
  const byId = new Map(members.map((member) => [member.id, member]));
  const children = new Map<number, Member[]>();
  for (const member of members) {
    if (member.sponsorId !== null && byId.has(member.sponsorId)) {
      const list = children.get(member.sponsorId) ?? [];
      list.push(member);
      children.set(member.sponsorId, list);
    }
  }
  // Deepest first, so children are done before their sponsor.
  const bottomUp = [...members].sort((a, b) => b.depth - a.depth || b.id - a.id);
  const monthCount = months.length;
  const firstWindowMonth = monthIndexOf(new Date(`${months[0] ?? '2000-01-01'}T00:00:00Z`));
  const pv = new Map<number, number[]>();
  const gv = new Map<number, number[]>();
  const pgv = new Map<number, number[]>();
  const rank = new Map<number, number[]>();
  const bonus = new Map<number, number[]>();
  const startOf = (member: Member): number =>
    Math.max(0, monthIndexOf(member.signingDate) - firstWindowMonth);

  for (const member of members) {
    const values = months.map((_, m) =>
      m < startOf(member)
        ? 0
        : personalVolume(prng, member, member.sponsorId === null || !byId.has(member.sponsorId)),
    );
    pv.set(member.id, values);
  }

  for (const member of bottomUp) {
    const own = pv.get(member.id) ?? [];
    const kids = children.get(member.id) ?? [];
    const gvRow: number[] = [];
    const pgvRow: number[] = [];
    const rankRow: number[] = [];
    const bonusRow: number[] = [];
    for (let m = 0; m < monthCount; m++) {
      const p = own[m] ?? 0;
      let g = p;
      let pg = p;
      for (const kid of kids) {
        g += gv.get(kid.id)?.[m] ?? 0;
        const kidRank = rank.get(kid.id)?.[m] ?? 0;
        if (kidRank < BREAKAWAY_RANK_INDEX) pg += pgv.get(kid.id)?.[m] ?? 0;
      }
      let r = 0;
      for (let candidate = RANKS.length - 1; candidate > 0; candidate--) {
        const rule = RANKS[candidate];
        if (!rule) continue;
        const legRankIndex = rule.legRank === null ? 0 : RANKS.findIndex((x) => x.code === rule.legRank);
        const legs = kids.filter((kid) => (rank.get(kid.id)?.[m] ?? 0) >= legRankIndex).length;
        if (p >= rule.pv && g >= rule.gv && legs >= rule.legs) {
          r = candidate;
          break;
        }
      }
      // Differential group bonus on the own PV and on non-breakaway legs; leaders take 5 % of breakaway legs.
      let points = 0;
      if (p >= ACTIVE_PV) {
        const rate = (RANKS[r]?.bonusPercent ?? 0) / 100;
        points += p * rate;
        for (const kid of kids) {
          const kidRank = rank.get(kid.id)?.[m] ?? 0;
          const kidPgv = pgv.get(kid.id)?.[m] ?? 0;
          if (kidRank < BREAKAWAY_RANK_INDEX) {
            points += Math.max(0, rate - (RANKS[kidRank]?.bonusPercent ?? 0) / 100) * kidPgv;
          } else if (r >= BREAKAWAY_RANK_INDEX) {
            points += 0.05 * kidPgv;
          }
        }
      }
      gvRow.push(round2(g));
      pgvRow.push(round2(pg));
      rankRow.push(r);
      bonusRow.push(Math.round(points * POINT_VALUE_MINOR));
    }
    gv.set(member.id, gvRow);
    pgv.set(member.id, pgvRow);
    rank.set(member.id, rankRow);
    bonus.set(member.id, bonusRow);
  }

  const volumes: VolumeRow[] = [];
  const ranks = new Map<number, string>();
  const qualifications: QualificationRow[] = [];
  for (const member of members) {
    const start = startOf(member);
    const pvRow = pv.get(member.id) ?? [];
    const gvRow = gv.get(member.id) ?? [];
    const pgvRow = pgv.get(member.id) ?? [];
    const rankRow = rank.get(member.id) ?? [];
    const bonusRow = bonus.get(member.id) ?? [];
    const windowGv = gvRow.slice(start);
    const averageGv = windowGv.length ? windowGv.reduce((a, b) => a + b, 0) / windowGv.length : 0;
    const monthsBefore = Math.max(0, firstWindowMonth - monthIndexOf(member.signingDate));
    let cgv = round2(averageGv * monthsBefore * 0.7);
    let best = 0;
    const firstReached = new Map<number, string>();
    for (let m = start; m < monthCount; m++) {
      const month = months[m];
      if (month === undefined) continue;
      cgv = round2(cgv + (gvRow[m] ?? 0));
      const r = rankRow[m] ?? 0;
      const closed = m < monthCount - 1;
      if (closed) {
        best = Math.max(best, r);
        for (let k = 1; k <= r; k++) if (!firstReached.has(k)) firstReached.set(k, monthEnd(month));
      }
      volumes.push({
        userId: member.id,
        month,
        pv: pvRow[m] ?? 0,
        gv: gvRow[m] ?? 0,
        cgv,
        pgv: pgvRow[m] ?? 0,
        bonus: bonusRow[m] ?? 0,
        rank: RANKS[r]?.code ?? 'consultant',
        closed,
      });
    }
    ranks.set(member.id, RANKS[best]?.code ?? 'consultant');
    for (const [k, at] of firstReached) {
      const code = RANKS[k]?.code;
      if (code) qualifications.push({ userId: member.id, code: `rank_${code}`, achievedAt: at });
    }
    qualifications.push(
      ...programmeQualifications(member, months, start, pvRow, gvRow, rankRow, children, pv),
    );
  }
  return { volumes, ranks, qualifications };
}

/** `active_partner`, `fast_start` and the Qualification 2025 programme, judged on closed months only. */
function programmeQualifications(
  member: Member,
  months: readonly string[],
  start: number,
  pvRow: readonly number[],
  gvRow: readonly number[],
  rankRow: readonly number[],
  children: ReadonlyMap<number, Member[]>,
  pv: ReadonlyMap<number, number[]>,
): QualificationRow[] {
  const out: QualificationRow[] = [];
  const closedCount = months.length - 1;
  const streak = (test: (m: number) => boolean, length: number): number | null => {
    let run = 0;
    for (let m = start; m < closedCount; m++) {
      run = test(m) ? run + 1 : 0;
      if (run >= length) return m;
    }
    return null;
  };
  const at = (m: number | null): string | null => (m === null ? null : monthEnd(months[m] ?? '2000-01-01'));

  const activeStreak = at(streak((m) => (pvRow[m] ?? 0) >= ACTIVE_PV, 3));
  if (activeStreak) out.push({ userId: member.id, code: 'active_partner', achievedAt: activeStreak });

  const signingMonth = start;
  if (start > 0) {
    for (let m = signingMonth; m < Math.min(signingMonth + 3, closedCount); m++) {
      if ((rankRow[m] ?? 0) >= 1) {
        out.push({ userId: member.id, code: 'fast_start', achievedAt: monthEnd(months[m] ?? '2000-01-01') });
        break;
      }
    }
  }

  const startQ = streak((m) => (pvRow[m] ?? 0) >= 50, 3);
  if (startQ !== null) {
    out.push({ userId: member.id, code: 'q2025_start', achievedAt: at(startQ) ?? '' });
    const activeFirstLine = (m: number): number =>
      (children.get(member.id) ?? []).filter((kid) => (pv.get(kid.id)?.[m] ?? 0) >= ACTIVE_PV).length;
    const leader = streak(
      (m) => (pvRow[m] ?? 0) >= 50 && (gvRow[m] ?? 0) >= 3000 && activeFirstLine(m) >= 3,
      3,
    );
    if (leader !== null) {
      out.push({ userId: member.id, code: 'q2025_leader', achievedAt: at(leader) ?? '' });
      const star = streak((m) => (gvRow[m] ?? 0) >= 10000 && (rankRow[m] ?? 0) >= 4, 3);
      if (star !== null) out.push({ userId: member.id, code: 'q2025_star', achievedAt: at(star) ?? '' });
    }
  }
  return out;
}
