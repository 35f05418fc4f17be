import { type Actor, fromCallback, fromPromise } from 'xstate';
import { shopSignUpMachine } from '#machines/shop-sign-up/shop-sign-up.machine.ts';
import type {
  BagTransferRequest,
  BagTransferResult,
  Cart,
  PowChallenge,
  ShopClientSignUp,
  ShopClientToken,
  ShopSignInForm,
  ShopSignUpEvent,
  ShopSignUpForm,
} from '#machines/shop-sign-up/shop-sign-up.types.ts';
import type { ShopBagLine } from '#machines/shop-bag/shop-bag.types.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';
import { unsolvedChallenge } from '#tests/support/pow-fixtures.ts';

/**
 * The storefront's checkout step: the proof of work (fetched, progressing, solved, failed, expiring) beside the
 * page (sign up, or sign in; refused or accepted), then the bag's move into the cart (its read and its writes
 * failing, retried, skipped). Actors never settle: their results are path events.
 */

const never = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => {}));

export const shopSignUpPathMachine = shopSignUpMachine.provide({
  actors: {
    fetchChallenge: never<PowChallenge, void>(),
    solveChallenge: fromCallback<ShopSignUpEvent, PowChallenge>(() => () => {}),
    signUp: never<ShopClientToken, { alias: string; body: ShopClientSignUp }>(),
    signIn: never<string, ShopSignInForm>(),
    readCart: never<Cart, { token: string }>(),
    transferBag: never<BagTransferResult, BagTransferRequest>(),
  },
});
type Machine = typeof shopSignUpPathMachine;
type SEvt = Evt<Machine>;

const challenge = unsolvedChallenge();

const lines: ShopBagLine[] = [
  {
    productId: 7,
    name: { ru: 'Помада', en: 'Lipstick', ro: 'Ruj', uk: 'Помада', it: 'Rossetto' },
    imageUrl: 'https://portal.test/media/7.webp',
    price: 12_500,
    currency: 'MDL',
    quantity: 2,
  },
];

const form: ShopSignUpForm = {
  fullName: 'Ana Rusu',
  phone: '+373 69 000 002',
  email: 'ana@example.com',
  password: 'a long pass phrase',
  lang: 'ro',
};

const emptyCart = { items: [] } as unknown as Cart;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as SEvt;

const events: SEvt[] = [
  system({ type: 'xstate.done.actor.fetchChallenge', output: challenge }),
  system({ type: 'xstate.error.actor.fetchChallenge', error: { status: 429, code: 'RATE_LIMITED' } }),
  { type: 'pow.progress', attempts: 300 },
  { type: 'pow.solved', payload: 'c29sdmVk' },
  { type: 'pow.failed', code: 'POW_UNSUPPORTED' },
  system({ type: 'xstate.after.proofExpiry.shopSignUp.active.proof.solved' }),
  { type: 'shopSignUp.mode', mode: 'signIn' },
  { type: 'shopSignUp.mode', mode: 'signUp' },
  { type: 'shopSignUp.submit', form, lines },
  { type: 'shopSignUp.signIn', form: { email: 'client@demo.test', password: 'demo1234' }, lines },
  { type: 'shopSignUp.useSession', token: 'session-token', lines },
  { type: 'shopSignUp.retry' },
  { type: 'shopSignUp.skip' },
  system({ type: 'xstate.done.actor.signUp', output: { access_token: 'token', token_type: 'Bearer' } }),
  system({ type: 'xstate.error.actor.signUp', error: { status: 409, code: 'EMAIL_TAKEN' } }),
  system({ type: 'xstate.done.actor.signIn', output: 'token' }),
  system({ type: 'xstate.error.actor.signIn', error: { status: 401, code: 'INVALID_CREDENTIALS' } }),
  system({ type: 'xstate.done.actor.readCart', output: emptyCart }),
  system({ type: 'xstate.error.actor.readCart', error: { status: 0, code: 'NETWORK_ERROR' } }),
  system({ type: 'xstate.done.actor.transferBag', output: { refused: [] } }),
  system({ type: 'xstate.error.actor.transferBag', error: { status: 503, code: 'HTTP_503' } }),
];

/** Progress once per challenge; a refused form or sign-in once; a failed move once. */
function candidateEvents(snapshot: Snap<Machine>): SEvt[] {
  const { powAttempts, refusal, signInError, transferError, baseline } = snapshot.context;
  return events.filter((event) => {
    const type: string = event.type;
    if (type === 'pow.progress') return powAttempts === 0;
    if (type === 'xstate.error.actor.signUp') return refusal === null;
    if (type === 'xstate.error.actor.signIn') return signInError === null;
    if (type === 'xstate.error.actor.readCart' || type === 'xstate.error.actor.transferBag')
      return transferError === null && (type === 'xstate.error.actor.readCart' ? baseline === null : true);
    return true;
  });
}

const send = (event: ShopSignUpEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const shopSignUpMachineExecutors = {
  'shopSignUp.mode': send,
  'shopSignUp.submit': send,
  'shopSignUp.signIn': send,
  'shopSignUp.useSession': send,
  'shopSignUp.retry': send,
  'shopSignUp.skip': send,
  'pow.progress': send,
  'pow.solved': send,
  'pow.failed': send,
  'pow.renew': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const shopSignUpSuite = definePathSuite({
  name: 'shop-sign-up',
  file: 'machines/shop-sign-up/shop-sign-up.machine.ts',
  machine: shopSignUpPathMachine,
  sets: () => [
    generatePaths(shopSignUpPathMachine, {
      label: 'checkout at elena-ciobanu',
      input: { alias: 'elena-ciobanu' },
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(shopSignUpPathMachine, shopSignUpMachineExecutors),
    api: 'no generated-path executor at this level yet: the server suite drives POST /public/shops/{alias}/clients by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/shop/storefront.spec.ts signs up and moves the bag by hand',
  },
});
