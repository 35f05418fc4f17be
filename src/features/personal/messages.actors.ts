/**
 * The message-settings and push-device machines with the app's calls and the browser's Push API, each provided in
 * one place (tested with fakes).
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  messageSettingsMachine,
  type ChoiceChange,
  type DeviceRemoval,
} from '#machines/personal/message-settings.machine.ts';
import { pushDeviceMachine, type DeviceState } from '#machines/personal/push-device.machine.ts';
import {
  messageQueries,
  storeMessageSettings,
  type MessageSettings,
  type MessagesApi,
} from '../../data/messages.ts';
import * as webPush from '../../platform/web-push.ts';

export interface MessageSettingsDeps {
  api: Pick<MessagesApi, 'setChoice' | 'removeDevice'>;
  queryClient: QueryClient;
}

export function provideMessageSettings({ api, queryClient }: MessageSettingsDeps) {
  return messageSettingsMachine.provide({
    actors: {
      saveChoice: fromPromise<MessageSettings, ChoiceChange>(({ input }) => api.setChoice(input)),
      removeDevice: fromPromise<MessageSettings, DeviceRemoval>(({ input }) => api.removeDevice(input)),
    },
    actions: {
      settingsSaved: (_, { settings }) => storeMessageSettings(queryClient, settings),
    },
  });
}

/** The browser's side, replaceable in tests. */
export type WebPush = Pick<
  typeof webPush,
  | 'pushSupport'
  | 'pushPermission'
  | 'currentSubscription'
  | 'subscribePush'
  | 'unsubscribePush'
  | 'deviceLabel'
>;

export interface PushDeviceDeps {
  api: Pick<MessagesApi, 'addDevice' | 'removeDevice'>;
  queryClient: QueryClient;
  browser?: WebPush;
}

export function providePushDevice({ api, queryClient, browser = webPush }: PushDeviceDeps) {
  const settings = () => queryClient.fetchQuery(messageQueries.settings());
  return pushDeviceMachine.provide({
    actors: {
      checkDevice: fromPromise<DeviceState>(async () => {
        const support = browser.pushSupport();
        if (support !== 'supported') return { support, permission: 'default', subscribed: false };
        const [subscription, known] = await Promise.all([browser.currentSubscription(), settings()]);
        return {
          support,
          permission: browser.pushPermission(),
          subscribed:
            subscription !== null &&
            known.devices.some((device) => device.endpoint === subscription.endpoint),
        };
      }),
      enablePush: fromPromise<MessageSettings>(async () => {
        const { pushKey } = await settings();
        const subscription = await browser.subscribePush(pushKey);
        return api.addDevice({ ...subscription, label: browser.deviceLabel() });
      }),
      disablePush: fromPromise<MessageSettings>(async () => {
        const endpoint = await browser.unsubscribePush();
        if (endpoint === null) return settings();
        return api.removeDevice({ endpoint });
      }),
    },
    actions: {
      devicesChanged: (_, { settings: answer }) => storeMessageSettings(queryClient, answer),
    },
  });
}
