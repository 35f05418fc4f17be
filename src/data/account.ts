/**
 * The account's own data: profile, interface language, password, address book and the order parameters
 * (pickup points, delivery prices, payment methods). Each endpoint wrapped once, with its `queryOptions`.
 */
import { queryOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.d.ts';
import type { AddressWrite, BookAddress } from '../../machines/personal/address-book.machine.ts';
import type { PasswordChangeValues } from '../../machines/personal/password-change.machine.ts';
import type { ProfileChanges } from '../../machines/personal/profile.machine.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { authQueries } from './auth.ts';
import { accountKeys } from './keys.ts';

export type Me = components['schemas']['Me'];
export type Lang = components['schemas']['Lang'];
export type OrderParams = components['schemas']['OrderParams'];
export type AddressInput = components['schemas']['AddressInput'];
export type { BookAddress, PasswordChangeValues };

export function createAccountApi(client: ApiClient) {
  return {
    /** `POST /users/update` with the changed fields; the updated user. */
    updateProfile(changes: ProfileChanges): Promise<Me> {
      return unwrap(client.POST('/users/update', { body: changes }));
    },
    /** `PUT /users/me/alias`: the distributor's alias, chosen once; the updated user. */
    setAlias(alias: string): Promise<Me> {
      return unwrap(client.PUT('/users/me/alias', { body: { alias } }));
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
      const body = apartment === null || apartment === undefined ? fields : { ...fields, apartment };
      return write.kind === 'create'
        ? unwrap(client.POST('/users/address/new', { body }))
        : unwrap(client.POST('/users/address', { body: { id: write.id, ...body } }));
    },
    /** `DELETE /users/address/{addressId}`. */
    async deleteAddress(id: number): Promise<void> {
      await unwrap(client.DELETE('/users/address/{addressId}', { params: { path: { addressId: id } } }));
    },
    /** `GET /users/warehouses/get-order-params`: pickup points, delivery prices and payment methods. */
    fetchOrderParams(signal?: AbortSignal): Promise<OrderParams> {
      return unwrap(client.GET('/users/warehouses/get-order-params', signal === undefined ? {} : { signal }));
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;

export const accountApi: AccountApi = createAccountApi(api);

export const accountQueries = {
  addresses: () =>
    queryOptions({
      queryKey: accountKeys.addresses(),
      queryFn: ({ signal }) => accountApi.listAddresses(signal),
    }),
  orderParams: () =>
    queryOptions({
      queryKey: accountKeys.orderParams(),
      queryFn: ({ signal }) => accountApi.fetchOrderParams(signal),
    }),
};

/** The signed-in user, from the entry the auth machine fills. */
export function useMe() {
  return useQuery(authQueries.me());
}

/** The address book (checkout reads the same entry). */
export function useAddresses() {
  return useQuery(accountQueries.addresses());
}

/** The order parameters; `enabled: false` keeps the query idle. */
export function useOrderParams({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accountQueries.orderParams(), enabled });
}

/** The server answered the updated user: every reader of `/users/me` sees it at once. */
export function storeMe(queryClient: QueryClient, user: Me): void {
  queryClient.setQueryData(accountKeys.me(), user);
}

export function refreshAddresses(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountKeys.addresses() });
}
