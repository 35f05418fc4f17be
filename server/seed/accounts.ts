/**
 * The demo accounts the seed creates (`seedDemo`). `npm run server` prints them at start and the README lists them.
 * Every one signs in with the same password.
 */
export const DEMO_PASSWORD = 'demo1234';

export type DemoRole = 'partner' | 'warehouse' | 'partner_warehouse' | 'user';

export type DemoAccount = {
  email: string;
  password: string;
  role: DemoRole;
  fullName: string;
  emailConfirmed: boolean;
  description: string;
  /** The distributor's alias: their invitation link is `/join/{alias}` (docs/adr/0140-sign-up-under-a-sponsor.md). */
  alias?: string;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'partner@demo.test',
    password: DEMO_PASSWORD,
    role: 'partner',
    fullName: 'Elena Ciobanu',
    emailConfirmed: true,
    alias: 'elena-ciobanu',
    description:
      'Distributor (Diamond Director) at the root of a downline of about 2,000; orders in every status at the Chișinău warehouse, clients, cart and wishlist, 12 months of volumes and bonuses',
  },
  {
    email: 'warehouse@demo.test',
    password: DEMO_PASSWORD,
    role: 'warehouse',
    fullName: 'Victor Munteanu',
    emailConfirmed: true,
    description: 'Warehouse staff at the Chișinău warehouse (warehouse 1): works through its order lifecycle',
  },
  {
    email: 'warehouse2@demo.test',
    password: DEMO_PASSWORD,
    role: 'warehouse',
    fullName: 'Natalia Lungu',
    emailConfirmed: true,
    description:
      'Second warehouse staff member at the Chișinău warehouse (warehouse 1), for concurrent edits',
  },
  {
    email: 'pw@demo.test',
    password: DEMO_PASSWORD,
    role: 'partner_warehouse',
    fullName: 'Andrei Rotaru',
    emailConfirmed: true,
    alias: 'andrei-rotaru',
    description:
      'Distributor who also runs the Bălți warehouse (warehouse 2): a small downline and its own orders',
  },
  {
    email: 'user@demo.test',
    password: DEMO_PASSWORD,
    role: 'user',
    fullName: 'Olga Sârbu',
    emailConfirmed: true,
    description: 'Registered customer without partner or warehouse flags (lands on /personal)',
  },
  {
    email: 'client@demo.test',
    password: DEMO_PASSWORD,
    role: 'user',
    fullName: 'Ana Cojocaru',
    emailConfirmed: true,
    description:
      "Client of partner@demo.test's shop (/s/elena-ciobanu): pays the retail price; one completed order, whose PV went to partner@demo.test",
  },
  {
    email: 'unconfirmed@demo.test',
    password: DEMO_PASSWORD,
    role: 'partner',
    fullName: 'Mihai Ceban',
    emailConfirmed: false,
    description:
      "New distributor in partner@demo.test's first line whose e-mail is not confirmed: ordering is refused; the confirmation link is in the outbox",
  },
];
