import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { messageSettingsMachine, type ChoiceChange } from '#machines/personal/message-settings.machine.ts';
import { selectMessageSettingsView, selectPushDeviceView } from '#machines/personal/personal.selectors.ts';
import { pushDeviceMachine, type DeviceState } from '#machines/personal/push-device.machine.ts';
import type { components } from '#openapi/schema.d.ts';

type MessageSettings = components['schemas']['MessageSettings'];
const settings = (devices: MessageSettings['devices'] = []): MessageSettings => ({
  topics: [],
  pushKey: 'key',
  devices,
  emailProblem: null,
});

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};

describe('message settings machine', () => {
  it('saves one choice at a time, shows it while saving, and hands the answer over', async () => {
    const answer = deferred<MessageSettings>();
    const saved = vi.fn();
    const save = vi.fn((_: ChoiceChange) => answer.promise);
    const actor = createActor(
      messageSettingsMachine.provide({
        actors: { saveChoice: fromPromise(({ input }: { input: ChoiceChange }) => save(input)) },
        actions: { settingsSaved: (_, { settings }) => saved(settings) },
      }),
    ).start();
    actor.send({ type: 'choice.set', topic: 'orders', channel: 'email', enabled: false });
    expect(selectMessageSettingsView(actor.getSnapshot())).toEqual({
      busy: true,
      pending: { topic: 'orders', channel: 'email', enabled: false },
      removing: null,
      errorCode: null,
    });
    // A second toggle while the first is saved is not sent.
    actor.send({ type: 'choice.set', topic: 'business', channel: 'push', enabled: false });
    expect(save).toHaveBeenCalledTimes(1);
    answer.resolve(settings());
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(saved).toHaveBeenCalledWith(settings());
    expect(selectMessageSettingsView(actor.getSnapshot()).pending).toBeNull();
  });

  it('keeps the server’s refusal and removes a device', async () => {
    const actor = createActor(
      messageSettingsMachine.provide({
        actors: {
          saveChoice: fromPromise<MessageSettings, ChoiceChange>(async () => {
            throw { status: 422, code: 'VALIDATION_FAILED', details: [{ location: 'body', path: '/topic' }] };
          }),
          removeDevice: fromPromise<MessageSettings, { id: number }>(async () => settings()),
        },
      }),
    ).start();
    actor.send({ type: 'choice.set', topic: 'account', channel: 'email', enabled: false });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(selectMessageSettingsView(actor.getSnapshot()).errorCode).toBe('VALIDATION_FAILED');
    actor.send({ type: 'device.remove', id: 7 });
    expect(selectMessageSettingsView(actor.getSnapshot())).toMatchObject({
      busy: true,
      removing: 7,
      errorCode: null,
    });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(selectMessageSettingsView(actor.getSnapshot()).removing).toBeNull();
  });
});

describe('push device machine', () => {
  const thisDevice = {
    id: 1,
    endpoint: 'https://push.example/1',
    label: 'Chrome on Android',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSentAt: null,
  };

  function start(
    state: DeviceState,
    enable: () => Promise<MessageSettings> = async () => settings([thisDevice]),
  ) {
    const changed = vi.fn();
    const actor = createActor(
      pushDeviceMachine.provide({
        actors: {
          checkDevice: fromPromise(async () => state),
          enablePush: fromPromise(enable),
          disablePush: fromPromise(async () => settings()),
        },
        actions: { devicesChanged: (_, { settings }) => changed(settings) },
      }),
    ).start();
    return { actor, changed };
  }

  it.each([
    [{ support: 'unsupported', permission: 'default', subscribed: false }, 'unsupported'],
    [{ support: 'install', permission: 'default', subscribed: false }, 'install'],
    [{ support: 'supported', permission: 'denied', subscribed: false }, 'blocked'],
    [{ support: 'supported', permission: 'granted', subscribed: true }, 'on'],
    [{ support: 'supported', permission: 'default', subscribed: false }, 'off'],
  ] as const)('starts from what the browser says: %o → %s', async (state, status) => {
    const { actor } = start(state);
    await waitFor(actor, (snapshot) => !snapshot.matches('checking'));
    expect(selectPushDeviceView(actor.getSnapshot()).status).toBe(status);
  });

  it('turns on, then off; a refused permission blocks; another failure is shown and leaves it off', async () => {
    const { actor, changed } = start({ support: 'supported', permission: 'default', subscribed: false });
    await waitFor(actor, (snapshot) => snapshot.matches('off'));
    expect(selectPushDeviceView(actor.getSnapshot())).toMatchObject({ canEnable: true, canDisable: false });
    actor.send({ type: 'push.enable' });
    await waitFor(actor, (snapshot) => snapshot.matches('on'));
    expect(changed).toHaveBeenCalledWith(settings([thisDevice]));
    actor.send({ type: 'push.disable' });
    await waitFor(actor, (snapshot) => snapshot.matches('off'));
    expect(changed).toHaveBeenLastCalledWith(settings());

    const denied = start({ support: 'supported', permission: 'default', subscribed: false }, async () => {
      throw Object.assign(new Error('no'), { code: 'PERMISSION_DENIED' });
    });
    await waitFor(denied.actor, (snapshot) => snapshot.matches('off'));
    denied.actor.send({ type: 'push.enable' });
    await waitFor(denied.actor, (snapshot) => snapshot.matches('blocked'));
    expect(selectPushDeviceView(denied.actor.getSnapshot())).toMatchObject({ canRecheck: true });

    const broken = start({ support: 'supported', permission: 'granted', subscribed: false }, async () => {
      throw { status: 503 };
    });
    await waitFor(broken.actor, (snapshot) => snapshot.matches('off'));
    broken.actor.send({ type: 'push.enable' });
    await waitFor(broken.actor, (snapshot) => snapshot.matches('off') && snapshot.context.error !== null);
    expect(selectPushDeviceView(broken.actor.getSnapshot()).errorCode).toBe('HTTP_503');
  });
});
