import type { Actor } from 'xstate';
import type { CheckoutEvent } from '#machines/checkout/checkout.types.ts';
import {
  checkoutPathSets,
  LONG_COMMENT,
  pathMachine,
  type CheckoutMachineUnderTest,
} from '../../machines/checkout/checkout-paths.ts';
import type { ModelPath, Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel, type Reachability } from '../support/suite.ts';

type Path = ModelPath<CheckoutMachineUnderTest>;
type Step = Path['steps'][number];

const send = (event: CheckoutEvent, actor: Actor<CheckoutMachineUnderTest>) => {
  actor.send(event);
};

/** One executor per checkout event type, or this file does not compile (actor results are sent as they are). */
export const checkoutMachineExecutors = {
  'bag.changed': send,
  'checkout.start': send,
  'checkout.cancel': send,
  'step.next': send,
  'step.back': send,
  'delivery.select': send,
  'address.select': send,
  'address.add': send,
  'address.addCancel': send,
  'address.save': send,
  'pickupPoint.select': send,
  'comments.change': send,
  'payment.select': send,
  'review.editDelivery': send,
  'review.editDestination': send,
  'review.editComments': send,
  'review.editPayment': send,
  'order.submit': send,
  'order.retry': send,
  'payment.retry': send,
  'email.resend': send,
  'email.confirmed': send,
} satisfies ExecutorTable<CheckoutMachineUnderTest, Actor<CheckoutMachineUnderTest>>;

type StepRule = (previous: Snap<CheckoutMachineUnderTest>, step: Step, label: string) => string | null;

/** Server answers neither the API nor the browser level can get from the reference server for a demo account. */
const serverCannot: StepRule = (previous, step) => {
  const event = step.event as { type: string; [key: string]: unknown };
  if (event.type === 'xstate.error.actor.createOrder') {
    const code = (event.error as { code?: string }).code;
    if (code === 'OUT_OF_STOCK')
      return 'the server answering OUT_OF_STOCK here (the bag refuses more than the stock before checkout)';
    if (code !== 'NETWORK_ERROR') return `the server answering ${code ?? 'an error'} for this bag`;
  }
  if (event.type === 'xstate.done.actor.createOrder') {
    const output = event.output as { paymentMethod: string; paymentState: string };
    const method = previous.context.pending?.body.paymentMethod ?? previous.context.paymentMethod;
    if (output.paymentState === 'need_pay')
      return 'a card amount due at creation (the server confirms the amount later)';
    if (output.paymentMethod !== method) return 'an answer for another payment method';
  }
  if (event.type.includes('payOrder') || event.type === 'payment.retry')
    return 'needs a card amount due at creation';
  if (event.type === 'xstate.error.actor.createAddress')
    return 'the server refusing an address the form accepts';
  return null;
};

/** What a browser cannot do against the real server (the checkout page's own limits on top of the server's). */
const browserStepCannot: StepRule = (previous, step, label) => {
  const event = step.event as { type: string; [key: string]: unknown };
  if (label === 'e-mail not confirmed')
    return 'the shell shows the e-mail notice before the bag for such users';
  if (event.type === 'bag.changed') return 'the bag changing in another tab during checkout';
  if (event.type === 'comments.change' && event.comment === LONG_COMMENT)
    return 'textareas stop at maxLength';
  if (event.type.startsWith('email.')) return 'the shell shows the e-mail notice before the bag';
  if (event.type.includes('resendConfirmation')) return 'the shell handles the e-mail notice';
  return serverCannot(previous, step, label);
};

/** What the API level (the machine with real actors against the server) cannot produce. */
const apiStepCannot: StepRule = (previous, step, label) => {
  const event = step.event as { type: string; [key: string]: unknown };
  if (label === 'e-mail not confirmed')
    return 'the API level runs a confirmed demo account (the e-mail notice is the auth machine’s and the shell’s)';
  if (event.type === 'xstate.error.actor.createOrder') {
    const code = (event.error as { code?: string }).code;
    if (code === 'NETWORK_ERROR')
      return 'a lost answer is the network’s doing, not the server’s (the browser level drops it)';
  }
  return serverCannot(previous, step, label);
};

function pathRule(rule: StepRule): Reachability<CheckoutMachineUnderTest> {
  return (path, label) => {
    let previous = path.start;
    for (const step of path.steps) {
      const reason = rule(previous, step, label);
      if (reason !== null) return reason;
      previous = step.state;
    }
    return null;
  };
}

export const checkoutBrowserCannot = pathRule(browserStepCannot);
export const checkoutApiCannot = pathRule(apiStepCannot);

/**
 * The guided checkout, generated from the production machine with effects that never settle (actor results are
 * path events). The browser clicks the checkout of a real bag; the API level runs the machine with real actors
 * against the reference server; both leave what the server or the page cannot produce to the machine level.
 */
export const checkoutSuite = definePathSuite({
  name: 'checkout',
  file: 'machines/checkout/checkout.machine.ts',
  machine: pathMachine,
  sets: () => checkoutPathSets(),
  levels: {
    machine: machineLevel(pathMachine, checkoutMachineExecutors),
    api: { spec: 'tests/paths/checkout.api.spec.ts', cannot: checkoutApiCannot },
    browser: { spec: 'tests/paths/checkout.spec.ts', cannot: checkoutBrowserCannot },
  },
});
