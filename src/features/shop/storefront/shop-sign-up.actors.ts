/**
 * The client sign-up machine with the app's calls (docs/adr/0147-the-storefront-and-client-checkout.md), provided
 * here only: the challenge, the sign-up and the login through the one API client, the proof of work in the join
 * page's workers, and the local bag's move into the cart with the new client's token.
 */
import { fromPromise } from 'xstate';
import { shopSignUpMachine } from '#machines/shop-sign-up/shop-sign-up.machine.ts';
import { isLineRefusal, transferQuantity } from '#machines/shop-sign-up/shop-sign-up.rules.ts';
import type {
  BagTransferRequest,
  BagTransferResult,
  FinishedParams,
  ShopSignUpEvent,
} from '#machines/shop-sign-up/shop-sign-up.types.ts';
import type { ShopApi } from '../../../data/shop.ts';
import type { SignUpApi } from '../../../data/sign-up.ts';
import type { AuthApi } from '../../../data/auth.ts';
import { createPowWorker, powSolver, type PowWorker } from '../../../platform/pow/pow-solver.ts';

export interface ShopSignUpDeps {
  shop: Pick<ShopApi, 'signUp' | 'cartWith' | 'setCartLineWith'>;
  signUp: Pick<SignUpApi, 'challenge'>;
  auth: Pick<AuthApi, 'login'>;
  /** Hands the token to the auth machine (`auth.token.issued`). */
  signedIn: (token: string) => void;
  /** Clears the local bag, tells the visitor, goes to the bag page. */
  finished: (params: FinishedParams) => void;
  createWorker?: () => PowWorker;
  concurrency?: number;
}

/**
 * Each line set to what the cart held plus the bag's, one after the other (the cart answers the whole cart each
 * time). A line the cart refuses for itself (gone, out of stock) is reported and the others go on; a failure of the
 * connection or the server stops the move, which the machine may run again from the same baseline.
 */
export async function moveBag(
  shop: Pick<ShopApi, 'setCartLineWith'>,
  { token, lines, baseline }: BagTransferRequest,
): Promise<BagTransferResult> {
  const refused: number[] = [];
  for (const line of lines) {
    try {
      await shop.setCartLineWith(token, line.productId, transferQuantity(line, baseline));
    } catch (error) {
      if (!isLineRefusal(error)) throw error;
      refused.push(line.productId);
    }
  }
  return { refused };
}

export function provideShopSignUp({
  shop,
  signUp,
  auth,
  signedIn,
  finished,
  createWorker = createPowWorker,
  concurrency,
}: ShopSignUpDeps) {
  return shopSignUpMachine.provide({
    actors: {
      fetchChallenge: fromPromise(() => signUp.challenge()),
      solveChallenge: powSolver<ShopSignUpEvent>(createWorker, concurrency),
      signUp: fromPromise(({ input }) => shop.signUp(input.alias, input.body)),
      signIn: fromPromise(({ input }) => auth.login(input)),
      readCart: fromPromise(({ input }) => shop.cartWith(input.token)),
      transferBag: fromPromise(({ input }) => moveBag(shop, input)),
    },
    actions: {
      signedIn: (_, { token }) => signedIn(token),
      finished: (_, params) => finished(params),
    },
  });
}
