import type { components } from '../../openapi/schema.d.ts';
import type { PowChallenge, PowEvent, ProofContext } from '../proof-of-work/proof-of-work.types.ts';
import type { ShopBagLine } from '../shop-bag/shop-bag.types.ts';

export type { PowChallenge };

/** `POST /public/shops/{alias}/clients`: a client account in the distributor's shop. */
export type ShopClientSignUp = components['schemas']['ShopClientSignUp'];
/** Its 201 answer: a token that signs the new client in. */
export type ShopClientToken = components['schemas']['ShopClientSignUpResult'];
/** The server's cart (`GET /orders/cart`). */
export type Cart = components['schemas']['Cart'];

/** What the sign-up form sends; the machine adds the solved proof. */
export type ShopSignUpForm = Omit<ShopClientSignUp, 'altcha'>;

export interface ShopSignInForm {
  email: string;
  password: string;
}

/** The fields a refused sign-up can name. */
export type ShopSignUpField = 'fullName' | 'email' | 'phone' | 'password';

/** A refused sign-up as the form shows it: codes on fields, or on the form when no field carries it. */
export interface ShopSignUpRefusal {
  code: string;
  fields: Partial<Record<ShopSignUpField, string>>;
  form: string | null;
}

/** Units of each product the server's cart held before the local bag went in (the product id as a string). */
export type CartBaseline = Record<string, number>;

/** The bag's move into the server's cart: the lines the cart refused (out of stock, no longer sold). */
export interface BagTransferResult {
  refused: number[];
}

export interface BagTransferRequest {
  token: string;
  lines: ShopBagLine[];
  baseline: CartBaseline;
}

export interface ShopSignUpInput {
  /** The shop's alias or PRN as the address has it. */
  alias: string;
}

export type ShopSignUpMode = 'signUp' | 'signIn';

/** The proof of work's fields are the proof-of-work region's. */
export interface ShopSignUpContext extends ProofContext {
  alias: string;
  /** The local bag as it was when the visitor went on (each going-on event carries it). */
  lines: ShopBagLine[];
  form: ShopSignUpForm | null;
  refusal: ShopSignUpRefusal | null;
  /** Why signing in was refused (`INVALID_CREDENTIALS`, `RATE_LIMITED`…), or null. */
  signInError: string | null;
  /** The client's token once signed up or in. */
  token: string | null;
  baseline: CartBaseline | null;
  /** Why the bag could not go to the cart (`NETWORK_ERROR`…), or null. */
  transferError: string | null;
  refused: number[];
}

export type ShopSignUpEvent =
  /** "I already have an account" / "I am new here". */
  | { type: 'shopSignUp.mode'; mode: ShopSignUpMode }
  /** The sign-up form, checked by its schema, with the bag to move. */
  | { type: 'shopSignUp.submit'; form: ShopSignUpForm; lines: ShopBagLine[] }
  /** The sign-in form, with the bag to move. */
  | { type: 'shopSignUp.signIn'; form: ShopSignInForm; lines: ShopBagLine[] }
  /** Signed in already (a returning client): move the bag with the session's token. */
  | { type: 'shopSignUp.useSession'; token: string; lines: ShopBagLine[] }
  /** Run the proof again after it failed, or move the bag again after that failed. */
  | { type: 'shopSignUp.retry' }
  /** Go on to the bag page without moving the local bag (after the move failed). */
  | { type: 'shopSignUp.skip' }
  | PowEvent;

/** Parameters of the app's actions. */
export interface SignedInParams {
  token: string;
}
export interface FinishedParams {
  /** Products the cart refused. */
  refused: number[];
  /** The bag was moved (false when the visitor skipped after a failure). */
  moved: boolean;
}
