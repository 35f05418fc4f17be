import type { components } from '../../openapi/schema.d.ts';

/** `GET /public/sponsors/{alias}`: who the sponsor is, the warehouses to choose, the editions to accept. */
export type SponsorCard = components['schemas']['SponsorCard'];
/** `GET /public/challenge`: the proof of work to solve before the form is sent. */
export type PowChallenge = components['schemas']['PowChallenge'];
/** `POST /public/join`. */
export type JoinRequest = components['schemas']['JoinRequest'];
/** `POST /public/join`'s answer: the new PRN and a token that signs the distributor in. */
export type JoinResult = components['schemas']['JoinResult'];
/** The documents the form asks to accept. */
export type ConsentDocumentId = components['schemas']['ConsentDocument']['id'];

/** What the form sends; the machine adds the sponsor and the solved proof. */
export type SignUpForm = Omit<JoinRequest, 'sponsor' | 'altcha'>;

/** The fields a refusal can name (`consents.<document>` for a checkbox). */
export type SignUpField =
  | 'fullName'
  | 'email'
  | 'phone'
  | 'city'
  | 'warehouseId'
  | 'password'
  | 'birthDate'
  | `consents.${ConsentDocumentId}`;

/**
 * A refused sign-up as the view shows it: the code of the whole answer, the fields it names with a code each, and
 * the form's own message when no field carries it (or null).
 */
export interface SignUpRefusal {
  code: string;
  fields: Partial<Record<SignUpField, string>>;
  form: string | null;
}

export interface SignUpInput {
  /** The `:alias` of `/join/:alias`: an alias or a PRN, as typed. */
  alias: string;
  /**
   * The sponsor's card when the page already has it (the server rendered the page with it,
   * docs/adr/0141-join-page-proof-of-work.md): the form shows at once, as the server drew it.
   */
  card?: SponsorCard | null;
}

export interface SignUpContext {
  alias: string;
  card: SponsorCard | null;
  /** Why the card could not be read (`NOT_FOUND`, `RATE_LIMITED`, `NETWORK_ERROR`…), or null. */
  cardError: string | null;
  challenge: PowChallenge | null;
  /** The solved challenge as the server reads it: base64 JSON of `{ challenge, solution }`. */
  solution: string | null;
  /** Keys the solver has tried on the current challenge (its progress; the total is the server's secret). */
  powAttempts: number;
  /** Why the proof could not be made (`NETWORK_ERROR`, `POW_UNSUPPORTED`…), or null. */
  powError: string | null;
  /** The form waiting for the proof, or on its way. */
  form: SignUpForm | null;
  refusal: SignUpRefusal | null;
  /** The new distributor's PRN once signed up. */
  prn: string | null;
}

export type SignUpEvent =
  /** The visitor sent the form (checked by the form's schema). */
  | { type: 'signUp.submit'; form: SignUpForm }
  /** Read the card again, or start the proof again, after a failure. */
  | { type: 'signUp.retry' }
  /** From the solver: keys tried so far on the current challenge. */
  | { type: 'pow.progress'; attempts: number }
  /** From the solver: the challenge is solved (`payload` is what the form sends as `altcha`). */
  | { type: 'pow.solved'; payload: string }
  /** From the solver: it could not run or gave up (`code`: `POW_UNSUPPORTED`, `POW_TIMEOUT`, `POW_FAILED`). */
  | { type: 'pow.failed'; code: string }
  /** Internal: the proof was used by a refused submit, a new one is needed. */
  | { type: 'pow.renew' };

/** Parameters of the action the app gives: hand the token to the auth machine, welcome the distributor. */
export interface JoinedParams {
  token: string;
  prn: string;
}
