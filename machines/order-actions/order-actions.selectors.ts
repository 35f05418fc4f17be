import type { SnapshotFrom } from 'xstate';
import { type OrderActions, selectOrderActions } from '../order-lifecycle/order-lifecycle.selectors.ts';
import { LIFECYCLE_EVENT_TYPES } from '../order-lifecycle/order-lifecycle.types.ts';
import {
  type PartialPreview,
  confirmBlockedByStock,
  orderFacts,
  partialPreview,
  shortLines,
} from './order-actions.facts.rules.ts';
import { isReturnableStatus } from '../returns/returns.policy.rules.ts';
import type { orderActionsMachine } from './order-actions.machine.ts';
import {
  DIRECT_ACTIONS,
  REASON_ACTIONS,
  type ActionAnswer,
  type ActionRequest,
  type ApiOrder,
  type ExternalChange,
  type DirectAction,
  type ReasonAction,
  type ReasonDraft,
} from './order-actions.types.ts';

export type OrderActionsSnapshot = SnapshotFrom<typeof orderActionsMachine>;

/** A button of the order page: what it does and how (at once, after a reason, in the editor, by paying). */
export type ActionButton =
  | { kind: 'direct'; action: DirectAction }
  | { kind: 'reason'; action: ReasonAction }
  | { kind: 'partial'; action: 'order.confirmPartial' }
  | { kind: 'code'; action: 'order.handOver' }
  | { kind: 'pay'; action: 'payment.pay' | 'payment.retry' };

export type ActionsMode =
  | 'idle'
  | 'reasoning'
  | 'editingPartial'
  | 'handingOver'
  | 'submitting'
  | 'refreshing'
  | 'paying'
  | 'redirecting';

/** What the page says after a refusal: someone else changed the order, the step is gone, or another failure. */
export type ActionsNotice = 'conflict' | 'refused' | 'failed' | null;

function isDirect(type: string): type is DirectAction {
  return (DIRECT_ACTIONS as readonly string[]).includes(type);
}

function isReason(type: string): type is ReasonAction {
  return (REASON_ACTIONS as readonly string[]).includes(type);
}

/**
 * The buttons for this order and role, exactly those the lifecycle allows (nothing is listed that
 * `selectOrderActions` does not grant): steps forward in the lifecycle's order, then reject / cancel / decline.
 */
export function actionButtons(actions: OrderActions): ActionButton[] {
  const buttons: ActionButton[] = [];
  for (const type of LIFECYCLE_EVENT_TYPES) {
    if (!actions.allowed.includes(type)) continue;
    if (isDirect(type)) buttons.push({ kind: 'direct', action: type });
    else if (isReason(type)) buttons.push({ kind: 'reason', action: type });
    else if (type === 'order.confirmPartial') buttons.push({ kind: 'partial', action: type });
    else if (type === 'order.handOver') buttons.push({ kind: 'code', action: type });
    else if (type === 'payment.retry') buttons.push({ kind: 'pay', action: 'payment.retry' });
  }
  if (actions.canPay) buttons.push({ kind: 'pay', action: 'payment.pay' });
  // Steps forward first, then the ones that end or refuse the order (reject, cancel, decline).
  return [
    ...buttons.filter((button) => button.kind !== 'reason'),
    ...buttons.filter((b) => b.kind === 'reason'),
  ];
}

function modeOf(snapshot: OrderActionsSnapshot): ActionsMode {
  if (snapshot.matches('reasoning')) return 'reasoning';
  if (snapshot.matches('editingPartial')) return 'editingPartial';
  if (snapshot.matches('handingOver')) return 'handingOver';
  if (snapshot.matches('submitting')) return 'submitting';
  if (snapshot.matches('refreshing')) return 'refreshing';
  if (snapshot.matches('paying')) return 'paying';
  if (snapshot.matches('redirecting')) return 'redirecting';
  return 'idle';
}

function noticeOf(snapshot: OrderActionsSnapshot): ActionsNotice {
  if (snapshot.matches({ ready: 'conflict' })) return 'conflict';
  if (snapshot.matches({ ready: 'refused' })) return 'refused';
  if (snapshot.matches({ ready: 'failed' })) return 'failed';
  return null;
}

export interface OrderActionsView {
  order: ApiOrder;
  actions: OrderActions;
  buttons: ActionButton[];
  /** The one step forward the page offers first (the header's primary button); null when only refusals remain. */
  primary: ActionButton | null;
  /** The other buttons (the actions panel), refusals last. */
  secondary: ActionButton[];
  /** Confirm would be possible but a line is short: the page shows Confirm disabled, with the short lines. */
  confirmBlockedByStock: boolean;
  /** Ids of the lines whose stock on hand is below the requested quantity (staff's copy). */
  shortLineIds: number[];
  mode: ActionsMode;
  /** A request or payment is running: every button is disabled. */
  busy: boolean;
  /** The request running or last sent. */
  pending: ActionRequest | null;
  notice: ActionsNotice;
  /** The form on screen: the reason form, the partial editor or the hand-over dialog (kept while it runs). */
  form: 'reason' | 'partial' | 'handover' | null;
  /** The handover code typed so far (the hand-over dialog). */
  handoverCode: string;
  /** The hand-over dialog's camera is reading a QR code (the view runs it meanwhile). */
  scanning: boolean;
  /** The camera could not be opened (the dialog says so). */
  scanFailed: boolean;
  /** The distributor may request pickup of a delivery order: the page offers the choice of pickup point. */
  choosesPickupPoint: boolean;
  /** The distributor's received order, with nothing left to do on it: what remains is a return (the page's Returns). */
  returnsBelow: boolean;
  /** The chosen pickup point (null: the warehouse's default). */
  pickupPointId: number | null;
  errorCode: string | null;
  reason: ReasonDraft | null;
  /** Decline needs a reason; the others take one optionally. */
  reasonRequired: boolean;
  partial: PartialPreview | null;
  partialNote: string;
  comment: string;
  changes: number;
  /** The last accepted request (announced once per `changes`). */
  answer: ActionAnswer | null;
  /** A 1C re-queue of the order runs. */
  requeuing: boolean;
  /** Someone else changed the order while it was open: who and when ("changed by … just now"). */
  changedElsewhere: ExternalChange | null;
}

export function selectOrderActionsView(snapshot: OrderActionsSnapshot): OrderActionsView {
  const { context } = snapshot;
  const actions = selectOrderActions(orderFacts(context.order), context.role);
  const mode = modeOf(snapshot);
  const buttons = actionButtons(actions);
  const primary = buttons.find((button) => button.kind !== 'reason') ?? null;
  const sending = mode === 'submitting' || mode === 'refreshing';
  const form =
    mode === 'reasoning' || (sending && context.reason !== null && context.pending?.kind !== 'comment')
      ? 'reason'
      : mode === 'editingPartial' || (sending && context.pending?.kind === 'confirmPartial')
        ? 'partial'
        : mode === 'handingOver' || (sending && context.pending?.kind === 'handOver')
          ? 'handover'
          : null;
  return {
    order: context.order,
    actions,
    buttons,
    primary,
    secondary: buttons.filter((button) => button !== primary),
    confirmBlockedByStock: confirmBlockedByStock(context.order, context.role),
    shortLineIds: shortLines(context.order).map((line) => line.id),
    mode,
    busy: mode === 'submitting' || mode === 'refreshing' || mode === 'paying' || mode === 'redirecting',
    pending: context.pending,
    notice: noticeOf(snapshot),
    form,
    errorCode: context.errorCode,
    reason: form === 'reason' ? context.reason : null,
    reasonRequired: context.reason?.action === 'order.decline',
    handoverCode: context.handover ?? '',
    scanning: form === 'handover' && context.scan === 'on',
    scanFailed: form === 'handover' && context.scan === 'failed',
    choosesPickupPoint:
      context.role === 'distributor' &&
      context.order.deliveryType === 'delivery' &&
      actions.allowed.includes('pickup.request'),
    returnsBelow:
      context.role === 'distributor' && buttons.length === 0 && isReturnableStatus(context.order.status),
    pickupPointId: context.pickupPointId,
    partial:
      mode === 'editingPartial' && context.partial !== null
        ? partialPreview(context.order, context.partial)
        : null,
    partialNote: context.partial?.note ?? '',
    comment: context.comment,
    changes: context.changes,
    answer: context.answer,
    requeuing: sending && context.pending?.kind === 'requeue',
    changedElsewhere: context.changedElsewhere,
  };
}

/** The draft quantity of a line in the editor (what its input shows). */
export function selectDraftQuantity(snapshot: OrderActionsSnapshot, lineId: string): number | null {
  return snapshot.context.partial?.quantities[lineId] ?? null;
}
