/** What each first step says (docs/adr/0148-first-steps.md): its name, why it matters, and the way to take it. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StepId } from './steps.ts';

interface StepText {
  title: MessageDescriptor;
  why: MessageDescriptor;
  done: MessageDescriptor;
  action: MessageDescriptor;
}

export const STEP_TEXTS: Record<StepId, StepText> = {
  email: {
    title: msg`Confirm your e-mail`,
    why: msg`Order confirmations, password resets and your sponsor's news come to this address.`,
    done: msg`Your address is confirmed.`,
    action: msg`Personal data`,
  },
  order: {
    title: msg`Place your first order`,
    why: msg`Order for yourself or for your clients at partner prices; its points count toward your volume.`,
    done: msg`You have placed an order.`,
    action: msg`Open the catalogue`,
  },
  active: {
    title: msg`Reach 25 PV this month`,
    why: msg`With 25 PV in a month you are active: you earn bonuses on your network's volume.`,
    done: msg`You are active this month.`,
    action: msg`See your volumes`,
  },
  alias: {
    title: msg`Choose your invitation link`,
    why: msg`A short name of your own makes your link easy to say and to remember.`,
    done: msg`Your invitation link is ready.`,
    action: msg`Choose a name`,
  },
  recruit: {
    title: msg`Invite your first distributor`,
    why: msg`Share your link: whoever signs up with it joins your first line.`,
    done: msg`Your first line has begun.`,
    action: msg`Share your link`,
  },
  client: {
    title: msg`Win your first client`,
    why: msg`Share your shop link: clients who order there appear in your client base, and their points are yours.`,
    done: msg`Your client base has its first client.`,
    action: msg`Share your shop`,
  },
};
