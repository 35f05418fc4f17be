import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './checkout.machine.ts';
import { paymentIsDue } from './checkout.rules.ts';
import type {
  Address,
  CheckoutFailure,
  DeliveryType,
  Order,
  PaymentMethod,
  PickupPoint,
} from './checkout.types.ts';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The screen the checkout shows, one per state the buyer can see. */
export type CheckoutStep =
  | 'bag'
  | 'emailUnconfirmed'
  | 'delivery'
  | 'address'
  | 'pickupPoint'
  | 'comments'
  | 'payment'
  | 'review'
  | 'submitting'
  | 'failed'
  | 'paying'
  | 'paymentFailed'
  | 'redirecting'
  | 'placed';

const STEP_STATES: ReadonlyArray<[CheckoutStep, string | Record<string, string>]> = [
  ['bag', 'bag'],
  ['emailUnconfirmed', 'emailUnconfirmed'],
  ['delivery', { steps: 'delivery' }],
  ['address', { steps: 'address' }],
  ['pickupPoint', { steps: 'pickupPoint' }],
  ['comments', { steps: 'comments' }],
  ['payment', { steps: 'payment' }],
  ['review', { steps: 'review' }],
  ['submitting', 'submitting'],
  ['failed', 'failed'],
  ['paying', 'paying'],
  ['paymentFailed', 'paymentFailed'],
  ['redirecting', 'redirecting'],
  ['placed', 'placed'],
];

export function selectStep(snapshot: CheckoutSnapshot): CheckoutStep {
  for (const [step, value] of STEP_STATES) {
    if (snapshot.matches(value as Parameters<CheckoutSnapshot['matches']>[0])) return step;
  }
  return 'bag';
}

/** The guided part's steps in order (delivery: address; pickup: pickup point), for the progress list. */
export type GuidedStep = 'delivery' | 'destination' | 'comments' | 'payment' | 'review';
export const GUIDED_STEPS: readonly GuidedStep[] = [
  'delivery',
  'destination',
  'comments',
  'payment',
  'review',
];

function guidedStepOf(step: CheckoutStep): GuidedStep | null {
  if (step === 'address' || step === 'pickupPoint') return 'destination';
  if (step === 'delivery' || step === 'comments' || step === 'payment' || step === 'review') return step;
  return null;
}

export type AddressMode = 'choosing' | 'adding' | 'saving';
export type ResendStatus = 'idle' | 'sending' | 'sent' | 'failed';

export interface CheckoutView {
  step: CheckoutStep;
  guidedStep: GuidedStep | null;
  /** The bag's lines may change (only before the checkout starts). */
  bagEditable: boolean;
  canStart: boolean;
  canNext: boolean;
  canBack: boolean;
  canCancel: boolean;
  canSubmit: boolean;
  canRetry: boolean;
  canRetryPayment: boolean;
  canAddAddress: boolean;
  /** Editing one part from the review: "next" returns to the review. */
  returnsToReview: boolean;
  addressMode: AddressMode;
  addressError: string | null;
  resendStatus: ResendStatus;
  deliveryType: DeliveryType | null;
  addresses: readonly Address[];
  addressId: number | null;
  address: Address | null;
  pickupPoints: readonly PickupPoint[];
  pickupPointId: number | null;
  pickupPoint: PickupPoint | null;
  courierComment: string;
  comment: string;
  paymentMethod: PaymentMethod | null;
  /** The terms of sale are accepted (a card payment needs it). */
  termsAccepted: boolean;
  /** The payment step must show the consent checkbox (card chosen). */
  termsRequired: boolean;
  failure: CheckoutFailure | null;
  /** The created order (placed, paying, payment failed). */
  order: Order | null;
  /** A card order whose amount the warehouse confirms first: it is paid later, from the order. */
  payLater: boolean;
  /** A submission may have reached the server and is kept for the retry (the choices are locked). */
  hasPendingSubmission: boolean;
}

export function selectCheckoutView(snapshot: CheckoutSnapshot): CheckoutView {
  const { context } = snapshot;
  const step = selectStep(snapshot);
  const address = context.addresses.find((item) => item.id === context.addressId) ?? null;
  const pickupPoint = context.pickupPoints.find((item) => item.id === context.pickupPointId) ?? null;
  const addressMode: AddressMode = snapshot.matches({ steps: { address: 'adding' } })
    ? 'adding'
    : snapshot.matches({ steps: { address: 'saving' } })
      ? 'saving'
      : 'choosing';
  const resendStatus: ResendStatus = snapshot.matches({ emailUnconfirmed: 'sending' })
    ? 'sending'
    : snapshot.matches({ emailUnconfirmed: 'sent' })
      ? 'sent'
      : snapshot.matches({ emailUnconfirmed: 'resendFailed' })
        ? 'failed'
        : 'idle';
  return {
    step,
    guidedStep: guidedStepOf(step),
    bagEditable: step === 'bag',
    canStart: snapshot.can({ type: 'checkout.start' }),
    canNext: snapshot.can({ type: 'step.next' }),
    canBack: snapshot.can({ type: 'step.back' }),
    canCancel: snapshot.can({ type: 'checkout.cancel' }),
    canSubmit: snapshot.can({ type: 'order.submit' }),
    canRetry: snapshot.can({ type: 'order.retry' }),
    canRetryPayment: snapshot.can({ type: 'payment.retry' }),
    canAddAddress: snapshot.can({ type: 'address.add' }),
    returnsToReview: context.returnToReview,
    addressMode,
    addressError: context.addressError,
    resendStatus,
    deliveryType: context.deliveryType,
    addresses: context.addresses,
    addressId: context.addressId,
    address,
    pickupPoints: context.pickupPoints,
    pickupPointId: context.pickupPointId,
    pickupPoint,
    courierComment: context.courierComment,
    comment: context.comment,
    paymentMethod: context.paymentMethod,
    termsAccepted: context.termsAccepted,
    termsRequired: context.paymentMethod === 'card',
    failure: context.failure,
    order: context.order,
    payLater:
      context.order !== null && context.order.paymentMethod === 'card' && !paymentIsDue(context.order),
    hasPendingSubmission: context.pending !== null,
  };
}
