/**
 * The personal-data machines with the app's calls, each provided in one place (tested with fakes): the profile,
 * the address book and the password change.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { addressBookMachine, type AddressWrite } from '#machines/personal/address-book.machine.ts';
import {
  passwordChangeMachine,
  type PasswordChangeValues,
} from '#machines/personal/password-change.machine.ts';
import { profileMachine, type ProfileChanges } from '#machines/personal/profile.machine.ts';
import { type AccountApi, type Me, refreshAddresses, storeMe } from '../../data/account.ts';

function isMe(value: unknown): value is Me {
  return typeof value === 'object' && value !== null && 'id' in value && 'email' in value;
}

export interface ProfileDeps {
  api: Pick<AccountApi, 'updateProfile'>;
  queryClient: QueryClient;
  /** Asks the auth machine to read the user again (`auth.user.refresh`). */
  refreshUser: () => void;
}

/** Saves the profile; the answered user goes into the `/users/me` entry at once, then auth reads it again. */
export function provideProfile({ api, queryClient, refreshUser }: ProfileDeps) {
  return profileMachine.provide({
    actors: {
      saveProfile: fromPromise<unknown, ProfileChanges>(({ input }) => api.updateProfile(input)),
    },
    actions: {
      profileSaved: (_, { user }) => {
        if (isMe(user)) storeMe(queryClient, user);
        refreshUser();
      },
    },
  });
}

export interface AddressBookDeps {
  api: Pick<AccountApi, 'saveAddress' | 'deleteAddress'>;
  queryClient: QueryClient;
  reportFailure: (error: unknown) => void;
}

export function provideAddressBook({ api, queryClient, reportFailure }: AddressBookDeps) {
  return addressBookMachine.provide({
    actors: {
      saveAddress: fromPromise<unknown, AddressWrite>(({ input }) => api.saveAddress(input)),
      deleteAddress: fromPromise<void, { id: number }>(({ input }) => api.deleteAddress(input.id)),
    },
    actions: {
      addressesChanged: () => void refreshAddresses(queryClient),
      reportError: (_, { error }) => reportFailure(error),
    },
  });
}

export interface PasswordChangeDeps {
  api: Pick<AccountApi, 'changePassword'>;
  /** The auth machine's events for a fresh token of this session. */
  sendToSession: (
    event:
      | { type: 'auth.token.renewing' }
      | { type: 'auth.token.renewed'; token: string }
      | { type: 'auth.token.renewal.failed' },
  ) => void;
}

export function providePasswordChange({ api, sendToSession }: PasswordChangeDeps) {
  return passwordChangeMachine.provide({
    actors: {
      changePassword: fromPromise<string, PasswordChangeValues>(({ input }) => api.changePassword(input)),
    },
    actions: {
      sessionRenewing: () => sendToSession({ type: 'auth.token.renewing' }),
      renewSession: (_, { token }) => sendToSession({ type: 'auth.token.renewed', token }),
      renewalFailed: () => sendToSession({ type: 'auth.token.renewal.failed' }),
    },
  });
}
