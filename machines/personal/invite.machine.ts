import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';
import { normaliseAlias } from '../sign-up/sign-up.rules.ts';
import { aliasErrorOf, draftProblem, type AliasError } from './invite.rules.ts';

/** `PUT /users/me/alias` body. */
export type AliasRequest = components['schemas']['AliasRequest'];

/** The user the server answers (`Me`, with the alias); the machine does not read it, the app stores it. */
export type SavedAliasUser = unknown;

/** What the share sheet gets. */
export interface ShareRequest {
  url: string;
  /** The sheet's title (translated by the view). */
  title: string;
}

export interface InviteInput {
  /** The browser has a share sheet (`navigator.share`): the Share button exists only then. */
  canShare: boolean;
}

export interface InviteContext {
  canShare: boolean;
  /** The link last copied or shared, kept for the copy a failed share falls back to. */
  url: string;
  title: string;
  /** The alias field as typed. */
  draft: string;
  /** "Choose" was pressed: an empty field says what it needs too. */
  attempted: boolean;
  /** The server's refusal of the last choice, shown on the field until it is edited. */
  error: AliasError | null;
}

export type InviteEvent =
  | { type: 'link.copy'; url: string }
  | ({ type: 'link.share' } & ShareRequest)
  | { type: 'alias.change'; value: string }
  /** "Choose this alias": asks for a confirmation when the field passes the rules. */
  | { type: 'alias.review' }
  | { type: 'alias.confirm' }
  | { type: 'alias.cancel' };

/**
 * The invitation card of Personal data (docs/adr/0142-the-invitation-card.md): the link `/join/<alias or PRN>`,
 * copied or shared, and choosing the alias, once. Two regions side by side:
 *
 *   link:   idle --link.copy--> copying --> idle (the app says "Link copied": `linkCopied`)
 *                                     \--(refused)--> copyRefused (the view selects the text) --link.copy--> copying
 *           idle | copyRefused --link.share (a share sheet exists)--> sharing --> idle (shared or dismissed)
 *                                                                            \--(failed)--> copying (falls back)
 *   alias:  editing --alias.change--> editing (the server's refusal goes away)
 *           editing --alias.review (passes the rules)--> confirming --alias.confirm--> saving --> chosen
 *                   --alias.review (breaks one)--> editing, attempted      --alias.cancel--> editing
 *           saving --(refused)--> editing with the error (ALIAS_ALREADY_SET: the app reads the user again)
 *
 * The alias is checked with the rules the server runs (`machines/sign-up/sign-up.rules.ts`) before anything is sent;
 * the server still decides what is taken. A second click while saving is ignored.
 */
export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
    input: {} as InviteInput,
  },
  actors: {
    /** Puts the link on the clipboard; rejects when the browser refuses (no permission, no Clipboard API). */
    copyLink: fromPromise<void, { url: string }>(async () => {
      throw new Error('copyLink is provided with inviteMachine.provide({ actors })');
    }),
    /** Opens the share sheet; resolves when shared or dismissed, rejects when the sheet fails. */
    shareLink: fromPromise<void, ShareRequest>(async () => {
      throw new Error('shareLink is provided with inviteMachine.provide({ actors })');
    }),
    /** `PUT /users/me/alias`; resolves with the updated user. */
    setAlias: fromPromise<SavedAliasUser, AliasRequest>(async () => {
      throw new Error('setAlias is provided with inviteMachine.provide({ actors })');
    }),
  },
  actions: {
    /** The link is on the clipboard: say so. */
    linkCopied: () => {},
    /** The server stored the alias: the app stores the answered user and says so. */
    aliasSaved: (_, _params: { user: SavedAliasUser }) => {},
    /** The alias was chosen elsewhere (another tab): read the user again, the card then shows it. */
    refreshUser: () => {},
  },
  guards: {
    canShare: ({ context }) => context.canShare,
    draftPasses: ({ context }) => draftProblem(context.draft) === null,
  },
}).createMachine({
  id: 'invite',
  type: 'parallel',
  context: ({ input }) => ({
    canShare: input.canShare,
    url: '',
    title: '',
    draft: '',
    attempted: false,
    error: null,
  }),
  states: {
    link: {
      initial: 'idle',
      on: {
        'link.copy': {
          target: '.copying',
          actions: assign({ url: ({ event }) => event.url }),
        },
        'link.share': {
          guard: 'canShare',
          target: '.sharing',
          actions: assign({ url: ({ event }) => event.url, title: ({ event }) => event.title }),
        },
      },
      states: {
        idle: {},
        copying: {
          invoke: {
            id: 'copyLink',
            src: 'copyLink',
            input: ({ context }) => ({ url: context.url }),
            onDone: { target: 'idle', actions: 'linkCopied' },
            onError: { target: 'copyRefused' },
          },
        },
        /** The clipboard was refused: the view selects the link so the person copies it themselves. */
        copyRefused: {},
        sharing: {
          invoke: {
            id: 'shareLink',
            src: 'shareLink',
            input: ({ context }) => ({ url: context.url, title: context.title }),
            onDone: { target: 'idle' },
            onError: { target: 'copying' },
          },
        },
      },
    },
    alias: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'alias.change': {
              actions: assign({ draft: ({ event }) => event.value, error: null }),
            },
            'alias.review': [
              { guard: 'draftPasses', target: 'confirming', actions: assign({ attempted: true }) },
              { actions: assign({ attempted: true }) },
            ],
          },
        },
        /** "It cannot be changed later": asked once more before anything is sent. */
        confirming: {
          on: {
            'alias.confirm': 'saving',
            'alias.cancel': 'editing',
          },
        },
        saving: {
          entry: assign({ error: null }),
          invoke: {
            id: 'setAlias',
            src: 'setAlias',
            input: ({ context }) => ({ alias: normaliseAlias(context.draft) }),
            onDone: {
              target: 'chosen',
              actions: { type: 'aliasSaved', params: ({ event }) => ({ user: event.output }) },
            },
            onError: [
              {
                guard: ({ event }) => aliasErrorOf(event.error).code === 'ALIAS_ALREADY_SET',
                target: 'editing',
                actions: [assign({ error: ({ event }) => aliasErrorOf(event.error) }), 'refreshUser'],
              },
              { target: 'editing', actions: assign({ error: ({ event }) => aliasErrorOf(event.error) }) },
            ],
          },
        },
        /** The alias is the user's now; the card shows it from the stored user. */
        chosen: {},
      },
    },
  },
});
