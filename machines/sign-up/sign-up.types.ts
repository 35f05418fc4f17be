import type { components } from '../../openapi/schema.d.ts';
import type { PowChallenge, PowEvent, ProofContext } from '../proof-of-work/proof-of-work.types.ts';

export type { PowChallenge };

/** `GET /public/sponsors/{alias}`: who the sponsor is, the warehouses to choose, the editions to accept. */
export type SponsorCard = components['schemas']['SponsorCard'];
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

/** The proof of work's fields (challenge, solution, progress, failure) are the proof-of-work region's. */
export interface SignUpContext extends ProofContext {
  alias: string;
  card: SponsorCard | null;
  /** Why the card could not be read (`NOT_FOUND`, `RATE_LIMITED`, `NETWORK_ERROR`…), or null. */
  cardError: string | null;
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
  | PowEvent;

/** Parameters of the action the app gives: hand the token to the auth machine, welcome the distributor. */
export interface JoinedParams {
  token: string;
  prn: string;
}
