/**
 * The signed-in user's message settings (`/users/notifications`): choices per topic and channel, the portal's
 * web-push key and the devices that receive web push. Each endpoint wrapped once, with its `queryOptions`.
 */
import { queryOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import type { ChoiceChange, DeviceRemoval } from '#machines/personal/message-settings.machine.ts';
import type { components } from '#openapi/schema.d.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { accountKeys } from './keys.ts';

export type MessageSettings = components['schemas']['MessageSettings'];
export type MessageTopic = components['schemas']['MessageTopic'];
export type PushSubscriptionRequest = components['schemas']['PushSubscriptionRequest'];

export function createMessagesApi(client: ApiClient) {
  return {
    /** `GET /users/notifications`. */
    settings(signal?: AbortSignal): Promise<MessageSettings> {
      return unwrap(client.GET('/users/notifications', signal === undefined ? {} : { signal }));
    },
    /** `POST /users/notifications`: one topic on or off on one channel; the settings as they are now. */
    setChoice(change: ChoiceChange): Promise<MessageSettings> {
      return unwrap(client.POST('/users/notifications', { body: change }));
    },
    /** `POST /users/push-subscriptions`: this browser receives web push. */
    addDevice(subscription: PushSubscriptionRequest): Promise<MessageSettings> {
      return unwrap(client.POST('/users/push-subscriptions', { body: subscription }));
    },
    /** `POST /users/push-subscriptions/remove`, by this browser's endpoint or a listed device's id. */
    removeDevice(which: DeviceRemoval | { endpoint: string }): Promise<MessageSettings> {
      return unwrap(client.POST('/users/push-subscriptions/remove', { body: which }));
    },
  };
}

export type MessagesApi = ReturnType<typeof createMessagesApi>;

export const messagesApi: MessagesApi = createMessagesApi(api);

export const messageQueries = {
  settings: () =>
    queryOptions({
      queryKey: accountKeys.messages(),
      queryFn: ({ signal }) => messagesApi.settings(signal),
    }),
};

export function useMessageSettings() {
  return useQuery(messageQueries.settings());
}

/** The server answered the settings: the page shows them at once. */
export function storeMessageSettings(queryClient: QueryClient, settings: MessageSettings): void {
  queryClient.setQueryData(accountKeys.messages(), settings);
}
