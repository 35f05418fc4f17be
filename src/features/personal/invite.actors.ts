/**
 * The invitation card's machine with the app's calls, provided in one place (tested with fakes): the clipboard, the
 * share sheet and `PUT /users/me/alias`.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { inviteMachine, type AliasRequest, type ShareRequest } from '#machines/personal/invite.machine.ts';
import { type AccountApi, type Me, storeMe } from '../../data/account.ts';

function isMe(value: unknown): value is Me {
  return typeof value === 'object' && value !== null && 'id' in value && 'email' in value;
}

/** What the card needs of the browser (`navigator` in the app, fakes in tests). */
export interface LinkPlatform {
  clipboard?: { writeText: (text: string) => Promise<void> } | undefined;
  share?: ((data: { url: string; title: string }) => Promise<void>) | undefined;
}

/** The browser's clipboard and share sheet, each only where it exists (the share sheet: phones, some desktops). */
export function browserLinkPlatform(): LinkPlatform {
  if (typeof navigator === 'undefined') return {};
  return {
    clipboard: navigator.clipboard,
    share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
  };
}

/** The person closed the share sheet without choosing: nothing failed. */
// Read by name: a DOMException is not an `Error` in every environment.
const isDismissal = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

export interface InviteDeps {
  api: Pick<AccountApi, 'setAlias'>;
  queryClient: QueryClient;
  platform: LinkPlatform;
  /** Asks the auth machine to read the user again (`auth.user.refresh`). */
  refreshUser: () => void;
  /** Toasts, translated by the view. */
  onLinkCopied: () => void;
  onAliasSaved: (alias: string | null) => void;
}

/** The machine's input for this browser: whether a Share button makes sense. */
export const inviteInput = (platform: LinkPlatform) => ({ canShare: platform.share !== undefined });

export function provideInvite({
  api,
  queryClient,
  platform,
  refreshUser,
  onLinkCopied,
  onAliasSaved,
}: InviteDeps) {
  return inviteMachine.provide({
    actors: {
      copyLink: fromPromise<void, { url: string }>(async ({ input }) => {
        // An old browser, an insecure origin or a refused permission: the machine falls back to selecting the text.
        if (platform.clipboard === undefined) throw new Error('no clipboard');
        await platform.clipboard.writeText(input.url);
      }),
      shareLink: fromPromise<void, ShareRequest>(async ({ input }) => {
        if (platform.share === undefined) throw new Error('no share sheet');
        try {
          await platform.share({ url: input.url, title: input.title });
        } catch (error) {
          if (!isDismissal(error)) throw error;
        }
      }),
      setAlias: fromPromise<unknown, AliasRequest>(({ input }) => api.setAlias(input.alias)),
    },
    actions: {
      linkCopied: () => onLinkCopied(),
      aliasSaved: (_, { user }) => {
        if (isMe(user)) storeMe(queryClient, user);
        refreshUser();
        onAliasSaved(isMe(user) ? user.alias : null);
      },
      refreshUser: () => refreshUser(),
    },
  });
}
