/**
 * The demo genealogy: downlines grown level by level under a root, and how much each member orders month by month
 * (the volumes follow from those orders through the volume engine, docs/adr/0084-one-engine-seed-included.md).
 */
import type { Lang } from '../db/reference.ts';
import { monthStart, shiftMonth } from '../domain/network/period.ts';
import { person, phone, CITIES } from './people.ts';
import type { Prng } from './prng.ts';
import { prnOf } from '../domain/account/prn.ts';

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

// The seed numbers distributors as the server does (a sign-up takes the next id's).
export { prnOf };

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

/** The first days of the last `count` months on the company's clock, oldest first, ending with the month of `now`. */
export function lastMonths(now: Date, count: number, zone: string): string[] {
  const current = monthStart(now, 0, zone);
  return Array.from({ length: count }, (_, i) => shiftMonth(current, i - count + 1));
}

function personalVolume(prng: Prng, member: Member, isRoot: boolean): number {
  if (isRoot) return prng.int(300, 640) / 2;
  if (prng.chance(member.activity)) {
    const base = member.leader ? prng.int(150, 400) : prng.int(50, 170);
    const extra = prng.chance(0.15) ? prng.int(40, 300) : 0;
    return (base + extra) / 2;
  }
  return prng.chance(0.3) ? prng.int(2, 48) / 2 : 0;
}

/** A member's wish for a month: the points of the orders they will complete in it. */
export type VolumeWish = { member: Member; month: string; points: number };

/**
 * How many points each member orders in each month of the window (none before the month they signed): the demo's
 * volumes are these orders, credited by the volume engine and closed month by month like any others
 * (server/seed/demo-volume-orders.ts), so no figure is computed here.
 */
export function planVolumes(prng: Prng, members: readonly Member[], months: readonly string[]): VolumeWish[] {
  const byId = new Set(members.map((member) => member.id));
  const firstWindowMonth = monthIndexOf(new Date(`${months[0] ?? '2000-01-01'}T00:00:00Z`));
  const wishes: VolumeWish[] = [];
  for (const member of members) {
    const start = Math.max(0, monthIndexOf(member.signingDate) - firstWindowMonth);
    const isRoot = member.sponsorId === null || !byId.has(member.sponsorId);
    months.forEach((month, m) => {
      if (m < start) return;
      const points = personalVolume(prng, member, isRoot);
      if (points > 0) wishes.push({ member, month, points });
    });
  }
  return wishes;
}

const monthIndexOf = (date: Date): number => date.getUTCFullYear() * 12 + date.getUTCMonth();
