// @vitest-environment jsdom
// Personal data's messages card: topics by channel (account security locked on), a refused address shown, devices
// removable; and this device's web push through the actors with a browser that has the Push API.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor as waitForActor } from 'xstate';
import { queryClient } from '#src/api/query-client.ts';
import { accountKeys } from '#src/data/keys.ts';
import { messagesApi, type MessageSettings } from '#src/data/messages.ts';
import { providePushDevice, type WebPush } from '#src/features/personal/messages.actors.ts';
import { MessagesSection } from '#src/features/personal/messages-section.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import { userFixture } from '#tests/support/auth.ts';
import { renderSignedIn } from '#tests/support/render-signed-in.tsx';

const settings: MessageSettings = {
  topics: [
    { topic: 'account', email: true, push: true, locked: true },
    { topic: 'orders', email: true, push: true, locked: false },
    { topic: 'business', email: true, push: true, locked: false },
    { topic: 'business.pv_reminder', email: false, push: false, locked: false },
  ],
  pushKey: 'BPortalKey',
  devices: [
    {
      id: 3,
      endpoint: 'https://push.example/phone',
      label: 'Chrome · Android',
      createdAt: '2026-03-01T10:00:00.000Z',
      lastSentAt: null,
    },
  ],
  emailProblem: { at: '2026-03-02T10:00:00.000Z', reason: '550 mailbox unavailable' },
};

beforeAll(async () => {
  await activateLocale('en');
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

function renderCard() {
  queryClient.setQueryData(accountKeys.messages(), settings);
  return renderSignedIn(<MessagesSection />, { role: 'partner', user: userFixture({ lang: 'en' }) });
}

describe('the messages card', () => {
  it('shows every topic by channel, account security locked on, and the refused address', async () => {
    renderCard();
    const card = await screen.findByRole('region', { name: 'Messages' });
    expect(
      within(card).getByRole<HTMLInputElement>('checkbox', { name: 'E-mail: Account security' }).disabled,
    ).toBe(true);
    expect(
      within(card).getByRole<HTMLInputElement>('checkbox', { name: 'E-mail: Account security' }).checked,
    ).toBe(true);
    expect(
      within(card).getByRole<HTMLInputElement>('checkbox', { name: 'Notifications: PV reminder' }).checked,
    ).toBe(false);
    expect(within(card).getByRole('alert').textContent).toContain('“550 mailbox unavailable”');
    // jsdom has no Push API: said so, no button that cannot work.
    expect(await within(card).findByText('This browser cannot receive notifications.')).toBeDefined();
    expect(within(card).queryByRole('button', { name: /Turn on notifications/ })).toBeNull();
  });

  it('saves a toggle through the machine and shows the answer', async () => {
    const off = {
      ...settings,
      topics: settings.topics.map((t) => (t.topic === 'orders' ? { ...t, email: false } : t)),
    };
    const save = vi.spyOn(messagesApi, 'setChoice').mockResolvedValue(off);
    renderCard();
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'E-mail: My orders' });
    await act(async () => {
      fireEvent.click(box);
    });
    expect(save).toHaveBeenCalledWith({ topic: 'orders', channel: 'email', enabled: false });
    await waitFor(() => expect(box.checked).toBe(false));
    expect(queryClient.getQueryData(accountKeys.messages())).toEqual(off);
  });

  it('removes a device from the list', async () => {
    const remove = vi.spyOn(messagesApi, 'removeDevice').mockResolvedValue({ ...settings, devices: [] });
    renderCard();
    const device = await screen.findByText('Chrome · Android');
    const item = device.closest('li');
    if (item === null) throw new Error('no device item');
    await act(async () => {
      fireEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    });
    expect(remove).toHaveBeenCalledWith({ id: 3 });
    await waitFor(() => expect(screen.queryByText('Chrome · Android')).toBeNull());
  });
});

describe('this device’s web push', () => {
  function browser(overrides: Partial<WebPush> = {}): WebPush {
    return {
      pushSupport: () => 'supported',
      pushPermission: () => 'default',
      currentSubscription: async () => null,
      subscribePush: async (key) => ({
        endpoint: `https://push.example/new?key=${key}`,
        keys: { p256dh: 'p', auth: 'a' },
      }),
      unsubscribePush: async () => 'https://push.example/phone',
      deviceLabel: () => 'Firefox · Linux',
      ...overrides,
    };
  }

  it('subscribes with the portal’s key, registers the device with its label, and unsubscribes again', async () => {
    queryClient.setQueryData(accountKeys.messages(), settings);
    const add = vi.fn(async () => settings);
    const remove = vi.fn(async () => ({ ...settings, devices: [] }));
    const actor = createActor(
      providePushDevice({ api: { addDevice: add, removeDevice: remove }, queryClient, browser: browser() }),
    ).start();
    await waitForActor(actor, (snapshot) => snapshot.matches('off'));
    actor.send({ type: 'push.enable' });
    await waitForActor(actor, (snapshot) => snapshot.matches('on'));
    expect(add).toHaveBeenCalledWith({
      endpoint: 'https://push.example/new?key=BPortalKey',
      keys: { p256dh: 'p', auth: 'a' },
      label: 'Firefox · Linux',
    });
    actor.send({ type: 'push.disable' });
    await waitForActor(actor, (snapshot) => snapshot.matches('off'));
    expect(remove).toHaveBeenCalledWith({ endpoint: 'https://push.example/phone' });
    expect(queryClient.getQueryData<MessageSettings>(accountKeys.messages())?.devices).toEqual([]);
  });

  it('is on only when this browser’s subscription is one the server knows for this user', async () => {
    queryClient.setQueryData(accountKeys.messages(), settings);
    const api = { addDevice: vi.fn(), removeDevice: vi.fn() };
    const known = createActor(
      providePushDevice({
        api,
        queryClient,
        browser: browser({
          pushPermission: () => 'granted',
          currentSubscription: async () => ({ endpoint: 'https://push.example/phone' }) as PushSubscription,
        }),
      }),
    ).start();
    await waitForActor(known, (snapshot) => snapshot.matches('on'));
    const foreign = createActor(
      providePushDevice({
        api,
        queryClient,
        browser: browser({
          pushPermission: () => 'granted',
          currentSubscription: async () =>
            ({ endpoint: 'https://push.example/someone-else' }) as PushSubscription,
        }),
      }),
    ).start();
    await waitForActor(foreign, (snapshot) => snapshot.matches('off'));
  });
});
