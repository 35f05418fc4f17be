/** The demo genealogy: partner@demo.test's downline (with the unconfirmed account in its first line) and pw@demo.test's. */
import type { Lang } from '../db/reference.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { DAY, ids } from './demo-ids.ts';
import { growDownline, prnOf, type Member } from './network.ts';
import { phone } from './people.ts';
import type { Prng } from './prng.ts';

export interface DemoGenealogy {
  partner: Member;
  pw: Member;
  partnerDownline: Member[];
  /** Everyone, roots first: partner, the unconfirmed account, partner's downline, pw, pw's downline. */
  members: Member[];
  /** When the unconfirmed account signed up (its confirmation e-mail is dated then). */
  unconfirmedSigning: Date;
}

/** Grows the two demo downlines; `fullNameOf` names a demo account by its e-mail. */
export function demoGenealogy(
  prng: Prng,
  now: Date,
  downlineSize: number,
  fullNameOf: (email: string) => string,
): DemoGenealogy {
  const signingRoot = new Date(Date.UTC(now.getUTCFullYear() - 9, 2, 14));
  const rootMember = (id: number, email: string, warehouseId: number, signing: Date, lang: Lang): Member => ({
    id,
    sponsorId: null,
    path: `${id}.`,
    depth: 0,
    fullName: fullNameOf(email),
    email,
    phone: phone(prng),
    city: warehouseId === 2 ? 'Bălți' : 'Chișinău',
    lang,
    warehouseId,
    signingDate: signing,
    activity: 1,
    leader: true,
    prn: prnOf(id),
  });
  const partner = rootMember(ids.partner, 'partner@demo.test', 1, signingRoot, 'ru');
  const pw = rootMember(ids.pw, 'pw@demo.test', 2, new Date(Date.UTC(now.getUTCFullYear() - 3, 8, 2)), 'ro');
  const unconfirmedSigning = new Date(now.getTime() - 3 * DAY);
  const unconfirmed: Member = {
    ...rootMember(ids.unconfirmed, 'unconfirmed@demo.test', 1, unconfirmedSigning, 'ro'),
    sponsorId: ids.partner,
    path: `${ids.partner}.${ids.unconfirmed}.`,
    depth: 1,
    activity: 0,
    leader: false,
    signingDate: new Date(
      Date.UTC(
        unconfirmedSigning.getUTCFullYear(),
        unconfirmedSigning.getUTCMonth(),
        unconfirmedSigning.getUTCDate(),
      ),
    ),
  };
  const usedEmails = new Set(DEMO_ACCOUNTS.map((entry) => entry.email.split('@')[0] ?? entry.email));
  const partnerDownline = growDownline(prng, {
    usedEmails,
    root: partner,
    firstId: ids.firstDownline,
    size: downlineSize - 1,
    maxDepth: 8,
    firstLine: 9,
    now,
    warehouses: [
      [1, 80],
      [2, 13],
      [3, 7],
    ],
  });
  const lastId = partnerDownline.reduce<number>((max, member) => Math.max(max, member.id), ids.firstDownline);
  const pwDownline = growDownline(prng, {
    usedEmails,
    root: pw,
    firstId: lastId + 1,
    size: 14,
    maxDepth: 3,
    firstLine: 4,
    now,
    warehouses: [[2, 1]],
  });
  const members = [partner, unconfirmed, ...partnerDownline, pw, ...pwDownline];
  return { partner, pw, partnerDownline, members, unconfirmedSigning };
}
