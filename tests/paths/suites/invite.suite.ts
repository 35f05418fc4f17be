import { type Actor, fromPromise } from 'xstate';
import {
  inviteMachine,
  type AliasRequest,
  type InviteEvent,
  type SavedAliasUser,
  type ShareRequest,
} from '#machines/personal/invite.machine.ts';
import { type Evt, generatePaths } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

const never = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

export const invitePathMachine = inviteMachine.provide({
  actors: {
    copyLink: never<void, { url: string }>(),
    shareLink: never<void, ShareRequest>(),
    setAlias: never<SavedAliasUser, AliasRequest>(),
  },
});
type Machine = typeof invitePathMachine;

const url = 'https://portal.example/join/MD1000042';
const linkEvents = [
  { type: 'link.copy', url },
  { type: 'link.share', url, title: 'Join my team' },
  { type: 'xstate.done.actor.copyLink', output: undefined },
  { type: 'xstate.error.actor.copyLink', error: new Error('NotAllowedError') },
  { type: 'xstate.done.actor.shareLink', output: undefined },
  { type: 'xstate.error.actor.shareLink', error: new Error('share failed') },
] as unknown as Array<Evt<Machine>>;

const aliasEvents = [
  // One draft that breaks a rule (too short), one that passes (trimmed and lower-cased when sent).
  { type: 'alias.change', value: 'ab' },
  { type: 'alias.change', value: ' Anna-Popescu ' },
  { type: 'alias.review' },
  { type: 'alias.confirm' },
  { type: 'alias.cancel' },
  { type: 'xstate.done.actor.setAlias', output: { id: 42, alias: 'anna-popescu' } },
  { type: 'xstate.error.actor.setAlias', error: { status: 409, code: 'ALIAS_TAKEN' } },
  { type: 'xstate.error.actor.setAlias', error: { status: 409, code: 'ALIAS_ALREADY_SET' } },
  {
    type: 'xstate.error.actor.setAlias',
    error: {
      status: 422,
      code: 'ALIAS_RESERVED',
      details: [{ location: 'body', path: '/alias', reason: 'alias.reserved' }],
    },
  },
] as unknown as Array<Evt<Machine>>;

const send = (event: InviteEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const inviteMachineExecutors = {
  'link.copy': send,
  'link.share': send,
  'alias.change': send,
  'alias.review': send,
  'alias.confirm': send,
  'alias.cancel': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

/**
 * The invitation card of `/personal`: the link copied (or refused, then selected), shared (or falling back to the
 * copy), and the alias chosen once: a draft that breaks a rule, a confirmation, a refusal, a success. On a browser
 * without a share sheet only the link's events are walked (the alias region does not depend on it).
 */
export const inviteSuite = definePathSuite({
  name: 'invite',
  file: 'machines/personal/invite.machine.ts',
  machine: invitePathMachine,
  sets: () => [
    generatePaths(invitePathMachine, {
      label: 'a phone with a share sheet',
      input: { canShare: true },
      events: () => [...linkEvents, ...aliasEvents],
    }),
    generatePaths(invitePathMachine, {
      label: 'a desktop without a share sheet',
      input: { canShare: false },
      events: () => linkEvents,
    }),
  ],
  levels: {
    machine: machineLevel(invitePathMachine, inviteMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server covers PUT /users/me/alias by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/distributor/invite.spec.ts copies the link and chooses an alias by hand (an alias is chosen once per account, so generated paths would need an account each)',
  },
});
