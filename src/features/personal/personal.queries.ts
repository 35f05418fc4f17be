import { useMutation, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import type { AddressWrite, BookAddress } from '../../../machines/personal/address-book.machine.ts';
import type { PasswordChangeValues } from '../../../machines/personal/password-change.machine.ts';
import type { ProfileChanges } from '../../../machines/personal/profile.machine.ts';
import { api, type ApiClient, unwrap } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { authApi, meQueryKey } from '../../app/auth/auth-api.ts';

export type Me = components['schemas']['Me'];
export type Lang = components['schemas']['Lang'];
export type { PasswordChangeValues };

/** The address book's cache entry (`GET /users/addresses`): checkout reads the same list. */
export const addressesQueryKey = ['users', 'addresses'] as const;

/** The calls of the personal-data screen; each returns data or throws the normalised error. */
export function createPersonalApi(client: ApiClient) {
  return {
    /** `POST /users/update` with the changed fields; the updated user. */
    updateProfile(changes: ProfileChanges): Promise<Me> {
      return unwrap(client.POST('/users/update', { body: changes }));
    },
    /** `POST /users/lang`; the updated user. */
    setLang(lang: Lang): Promise<Me> {
      return unwrap(client.POST('/users/lang', { body: { lang } }));
    },
    /** `POST /users/new-password`; the fresh token of this session (every other one is ended). */
    async changePassword(values: PasswordChangeValues): Promise<string> {
      const answer = await unwrap(client.POST('/users/new-password', { body: values }));
      return answer.access_token;
    },
    /** `GET /users/addresses`: default first, then newest. */
    listAddresses(signal?: AbortSignal): Promise<BookAddress[]> {
      return unwrap(client.GET('/users/addresses', signal === undefined ? {} : { signal }));
    },
    /** `POST /users/address/new` or `POST /users/address` (the body carries the id). */
    saveAddress(write: AddressWrite): Promise<BookAddress> {
      const { apartment, ...fields } = write.input;
      const body = apartment === null ? fields : { ...fields, apartment };
      return write.kind === 'create'
        ? unwrap(client.POST('/users/address/new', { body }))
        : unwrap(client.POST('/users/address', { body: { id: write.id, ...body } }));
    },
    /** `DELETE /users/address/{addressId}`. */
    async deleteAddress(id: number): Promise<void> {
      await unwrap(client.DELETE('/users/address/{addressId}', { params: { path: { addressId: id } } }));
    },
  };
}

export const personalApi = createPersonalApi(api);

/** The signed-in user, from the cache entry the auth machine fills (`meQueryKey`). */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => authApi.fetchMe(signal) });
}

export function useAddresses() {
  return useQuery({
    queryKey: addressesQueryKey,
    queryFn: ({ signal }) => personalApi.listAddresses(signal),
  });
}

/** The server answered the updated user: every reader of `/users/me` sees it at once. */
export function storeMe(user: Me): void {
  queryClient.setQueryData(meQueryKey, user);
}

export function refetchAddresses(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: addressesQueryKey });
}

/** `POST /users/confirm-email/resend` (the server's own message is toasted on failure). */
export function useResendConfirmation() {
  return useMutation({ mutationFn: () => authApi.resendConfirmation() });
}
