import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { shopSignUpMachine } from '#machines/shop-sign-up/shop-sign-up.machine.ts';
import {
  selectIsSigningUp,
  selectIsWaitingForProof,
  selectMode,
  selectShopRefusal,
  selectShopSignUpView,
  selectSignInError,
  selectTransferError,
} from '#machines/shop-sign-up/shop-sign-up.selectors.ts';
import { selectProofView } from '#machines/proof-of-work/proof-of-work.selectors.ts';
import type {
  BagTransferRequest,
  BagTransferResult,
  Cart,
  FinishedParams,
  PowChallenge,
  ShopClientSignUp,
  ShopSignUpEvent,
  ShopSignUpForm,
} from '#machines/shop-sign-up/shop-sign-up.types.ts';
import type { ShopBagLine } from '#machines/shop-bag/shop-bag.types.ts';

const NOW = new Date('2026-11-29T12:00:00Z').getTime();

const challenge = (n: number): PowChallenge => ({
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: `nonce-${n}`,
    salt: 'salt',
    cost: 1,
    keyLength: 32,
    keyPrefix: 'ab',
    expiresAt: Math.floor(NOW / 1000) + 600,
  },
  signature: `sig-${n}`,
});

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

const cartWith = (items: Array<{ productId: number; quantity: number }>) => ({ items }) as unknown as Cart;

interface Fakes {
  signUp?: (input: {
    alias: string;
    body: ShopClientSignUp;
  }) => Promise<{ access_token: string; token_type: 'Bearer' }>;
  signIn?: () => Promise<string>;
  readCart?: () => Promise<Cart>;
  transferBag?: (input: BagTransferRequest) => Promise<BagTransferResult>;
}

function start(fakes: Fakes = {}) {
  let challenges = 0;
  const solvers: Array<{ sendBack: (event: ShopSignUpEvent) => void; stopped: boolean }> = [];
  const signedIn = vi.fn<(params: { token: string }) => void>();
  const finished = vi.fn<(params: FinishedParams) => void>();
  const signUp = vi.fn(
    fakes.signUp ?? (async () => ({ access_token: 'new-token', token_type: 'Bearer' as const })),
  );
  const transferBag = vi.fn(fakes.transferBag ?? (async () => ({ refused: [] })));
  const readCart = vi.fn(fakes.readCart ?? (async () => cartWith([])));
  const machine = shopSignUpMachine.provide({
    actors: {
      fetchChallenge: fromPromise(async () => challenge(++challenges)),
      solveChallenge: fromCallback<ShopSignUpEvent, PowChallenge>(({ sendBack }) => {
        const solver = { sendBack, stopped: false };
        solvers.push(solver);
        return () => {
          solver.stopped = true;
        };
      }),
      signUp: fromPromise(({ input }) => signUp(input)),
      signIn: fromPromise(fakes.signIn ?? (async () => 'login-token')),
      readCart: fromPromise(() => readCart()),
      transferBag: fromPromise(({ input }) => transferBag(input)),
    },
    actions: {
      signedIn: (_, params) => signedIn(params),
      finished: (_, params) => finished(params),
    },
  });
  const actor = createActor(machine, { input: { alias: 'elena-ciobanu' } }).start();
  return {
    actor,
    solver: () => solvers.at(-1),
    solvers,
    signedIn,
    finished,
    signUp,
    transferBag,
    readCart,
    challenges: () => challenges,
  };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('shopSignUpMachine', () => {
  it('signs up once the proof is solved, hands the token on, then moves the bag and finishes', async () => {
    const { actor, solver, signUp, signedIn, transferBag, finished } = start({
      readCart: async () => cartWith([{ productId: 7, quantity: 1 }]),
    });
    await settle();
    expect(selectProofView(actor.getSnapshot())).toBe('working');
    actor.send({ type: 'shopSignUp.submit', form, lines });
    expect(selectIsWaitingForProof(actor.getSnapshot())).toBe(true);
    expect(signUp).not.toHaveBeenCalled();
    solver()?.sendBack({ type: 'pow.solved', payload: 'cGF5bG9hZA==' });
    expect(selectIsSigningUp(actor.getSnapshot())).toBe(true);
    await settle();
    expect(signUp).toHaveBeenCalledWith({
      alias: 'elena-ciobanu',
      body: { ...form, altcha: 'cGF5bG9hZA==' },
    });
    expect(signedIn).toHaveBeenCalledWith({ token: 'new-token' });
    // The cart held one of product 7 already: the move sets it from that baseline.
    expect(transferBag).toHaveBeenCalledWith({ token: 'new-token', lines, baseline: { '7': 1 } });
    expect(finished).toHaveBeenCalledWith({ refused: [], moved: true });
    expect(selectShopSignUpView(actor.getSnapshot())).toBe('done');
    // Leaving the form stopped the solver.
    expect(solver()?.stopped).toBe(true);
  });

  it('puts a refusal on its field and solves a new proof (the refused one was spent)', async () => {
    const { actor, solver, challenges } = start({
      signUp: () => Promise.reject({ status: 409, code: 'EMAIL_TAKEN' }),
    });
    await settle();
    solver()?.sendBack({ type: 'pow.solved', payload: 'one' });
    actor.send({ type: 'shopSignUp.submit', form, lines });
    await settle();
    expect(selectShopRefusal(actor.getSnapshot())).toEqual({
      code: 'EMAIL_TAKEN',
      fields: { email: 'EMAIL_TAKEN' },
      form: null,
    });
    expect(selectShopSignUpView(actor.getSnapshot())).toBe('signUp');
    expect(challenges()).toBe(2);
    expect(selectProofView(actor.getSnapshot())).toBe('working');
  });

  it('signs in instead, says why a sign-in was refused, and moves the bag with the login token', async () => {
    let tries = 0;
    const { actor, transferBag, signedIn } = start({
      signIn: () =>
        ++tries === 1
          ? Promise.reject({ status: 401, code: 'INVALID_CREDENTIALS' })
          : Promise.resolve('login-token'),
    });
    await settle();
    actor.send({ type: 'shopSignUp.mode', mode: 'signIn' });
    expect(selectMode(actor.getSnapshot())).toBe('signIn');
    actor.send({ type: 'shopSignUp.signIn', form: { email: 'client@demo.test', password: 'wrong' }, lines });
    await settle();
    expect(selectSignInError(actor.getSnapshot())).toBe('INVALID_CREDENTIALS');
    actor.send({
      type: 'shopSignUp.signIn',
      form: { email: 'client@demo.test', password: 'demo1234' },
      lines,
    });
    await settle();
    expect(signedIn).toHaveBeenCalledWith({ token: 'login-token' });
    expect(transferBag).toHaveBeenCalledWith({ token: 'login-token', lines, baseline: {} });
  });

  it('a failed move is retried from the same baseline, never read again, and can be skipped', async () => {
    let moves = 0;
    const { actor, readCart, transferBag, finished } = start({
      readCart: async () => cartWith([{ productId: 7, quantity: 4 }]),
      transferBag: () =>
        ++moves === 1 ? Promise.reject({ status: 503, code: 'HTTP_503' }) : Promise.resolve({ refused: [7] }),
    });
    await settle();
    actor.send({ type: 'shopSignUp.useSession', token: 'session-token', lines });
    await settle();
    expect(selectShopSignUpView(actor.getSnapshot())).toBe('moveFailed');
    expect(selectTransferError(actor.getSnapshot())).toBe('HTTP_503');
    actor.send({ type: 'shopSignUp.retry' });
    await settle();
    expect(readCart).toHaveBeenCalledTimes(1);
    expect(transferBag.mock.calls.map(([input]) => input.baseline)).toEqual([{ '7': 4 }, { '7': 4 }]);
    expect(finished).toHaveBeenCalledWith({ refused: [7], moved: true });

    const skipped = start({ readCart: () => Promise.reject({ status: 0, code: 'NETWORK_ERROR' }) });
    await settle();
    skipped.actor.send({ type: 'shopSignUp.useSession', token: 't', lines });
    await settle();
    expect(selectShopSignUpView(skipped.actor.getSnapshot())).toBe('moveFailed');
    skipped.actor.send({ type: 'shopSignUp.skip' });
    expect(skipped.finished).toHaveBeenCalledWith({ refused: [], moved: false });
    expect(skipped.transferBag).not.toHaveBeenCalled();
  });

  it('renews a solved proof shortly before it expires', async () => {
    const { actor, solver, challenges } = start();
    await settle();
    solver()?.sendBack({ type: 'pow.solved', payload: 'p' });
    expect(selectProofView(actor.getSnapshot())).toBe('ready');
    await vi.advanceTimersByTimeAsync(600_000 - 20_000);
    expect(challenges()).toBe(2);
    expect(selectProofView(actor.getSnapshot())).toBe('working');
  });
});
