import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { MessageChannel } from '#machines/personal/message-settings.machine.ts';
import {
  selectMessageSettingsView,
  selectPushDeviceView,
  type PushDeviceView,
} from '#machines/personal/personal.selectors.ts';
import {
  messagesApi,
  useMessageSettings,
  type MessageSettings,
  type MessageTopic,
} from '../../data/messages.ts';
import { failureKind } from '../../data/failure-kind.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { provideMessageSettings, providePushDevice } from './messages.actors.ts';

const TOPICS: Record<MessageTopic, { name: MessageDescriptor; what: MessageDescriptor }> = {
  account: {
    name: msg`Account security`,
    what: msg`Confirmation and password links, password changes, failed sign-ins. Always on.`,
  },
  orders: {
    name: msg`My orders`,
    what: msg`Placed, changed by the warehouse, to pay, ready with the pickup code, on its way, cancelled.`,
  },
  business: {
    name: msg`My business`,
    what: msg`A month's statement is ready, a distributor joins your first line, a client signs up or orders in your shop.`,
  },
  'business.pv_reminder': {
    name: msg`PV reminder`,
    what: msg`Once a month, when your PV is still below the active threshold with a week left.`,
  },
  staff: {
    name: msg`Queue digest`,
    what: msg`Once a day: the orders of your warehouse waiting longer than the limit.`,
  },
};

/** Turning web push on and off on this device, and what stops it. */
function ThisDevice({
  view,
  onEnable,
  onDisable,
  onRecheck,
}: {
  view: PushDeviceView;
  onEnable: () => void;
  onDisable: () => void;
  onRecheck: () => void;
}) {
  const { t } = useLingui();
  const state: Record<PushDeviceView['status'], string> = {
    checking: t`Checking this browser…`,
    unsupported: t`This browser cannot receive notifications.`,
    install: t`On iPhone and iPad, notifications come to the portal added to the Home Screen: tap Share, then “Add to Home Screen”, open the portal from there and turn them on.`,
    blocked: t`Notifications are blocked for this site in the browser’s settings. Allow them there, then check again.`,
    off: t`Notifications are off on this device.`,
    enabling: t`Turning notifications on…`,
    on: t`Notifications are on on this device.`,
    disabling: t`Turning notifications off…`,
  };
  return (
    <div className="form" data-push-status={view.status}>
      <p className="dash-card__note" role="status">
        {state[view.status]}
      </p>
      {view.errorCode === null || view.errorCode === 'PERMISSION_DENIED' ? null : (
        <p className="notice notice--error" role="alert">
          {t`Notifications could not be turned on or off here. Try again later.`}
        </p>
      )}
      <div className="dash-card__actions">
        {view.canEnable || view.status === 'enabling' ? (
          <Button onClick={onEnable} disabled={!view.canEnable} aria-busy={view.status === 'enabling'}>
            {t`Turn on notifications on this device`}
          </Button>
        ) : null}
        {view.canDisable || view.status === 'disabling' ? (
          <Button
            variant="secondary"
            onClick={onDisable}
            disabled={!view.canDisable}
            aria-busy={view.status === 'disabling'}
          >
            {t`Turn off on this device`}
          </Button>
        ) : null}
        {view.canRecheck ? (
          <Button variant="secondary" onClick={onRecheck}>
            {t`Check again`}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function Choices({ settings }: { settings: MessageSettings }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const settingsLogic = useMemo(
    () => provideMessageSettings({ api: messagesApi, queryClient }),
    [queryClient],
  );
  const pushLogic = useMemo(() => providePushDevice({ api: messagesApi, queryClient }), [queryClient]);
  const settingsRef = useActorRef(settingsLogic);
  const pushRef = useActorRef(pushLogic);
  const view = useSelector(settingsRef, selectMessageSettingsView);
  const device = useSelector(pushRef, selectPushDeviceView);

  const shown = (topic: MessageTopic, channel: MessageChannel, stored: boolean): boolean =>
    view.pending?.topic === topic && view.pending.channel === channel ? view.pending.enabled : stored;
  const channels: Array<[MessageChannel, string]> = [
    ['email', t`E-mail`],
    ['push', t`Notifications`],
  ];

  return (
    <>
      {settings.emailProblem === null ? null : (
        <p className="notice notice--error" role="alert" data-state="email-problem">
          {t`Your last e-mail could not be delivered: the mail server answered “${settings.emailProblem.reason}”. Check the address with your sponsor or the warehouse.`}
        </p>
      )}
      <table className="message-choices">
        <caption className="visually-hidden">{t`What you receive, by e-mail and as notifications`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Topic`}</th>
            {channels.map(([channel, label]) => (
              <th key={channel} scope="col" className="message-choices__channel">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {settings.topics.map((choice) => {
            const topic = TOPICS[choice.topic];
            return (
              <tr key={choice.topic} data-topic={choice.topic}>
                <th scope="row">
                  <span className="message-choices__name">{i18n._(topic.name)}</span>
                  <span className="message-choices__what">{i18n._(topic.what)}</span>
                </th>
                {channels.map(([channel, label]) => (
                  <td key={channel} className="message-choices__channel">
                    <input
                      type="checkbox"
                      data-channel={channel}
                      aria-label={`${label}: ${i18n._(topic.name)}`}
                      checked={shown(choice.topic, channel, choice[channel])}
                      disabled={choice.locked || view.busy}
                      onChange={(event) =>
                        settingsRef.send({
                          type: 'choice.set',
                          topic: choice.topic,
                          channel,
                          enabled: event.target.checked,
                        })
                      }
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {view.errorCode === null ? null : (
        <p className="notice notice--error" role="alert">
          {t`The change was not saved. Try again.`}
        </p>
      )}
      <h3 className="message-choices__subtitle">{t`Notifications on this device`}</h3>
      <ThisDevice
        view={device}
        onEnable={() => pushRef.send({ type: 'push.enable' })}
        onDisable={() => pushRef.send({ type: 'push.disable' })}
        onRecheck={() => pushRef.send({ type: 'push.recheck' })}
      />
      {settings.devices.length === 0 ? null : (
        <>
          <h3 className="message-choices__subtitle">{t`Devices that receive notifications`}</h3>
          <ul className="addresses">
            {settings.devices.map((item) => (
              <li key={item.id} className="address" data-device={item.id}>
                <span className="address__text">
                  <span className="address__line">{item.label === '' ? t`A browser` : item.label}</span>
                  <span className="dash-card__note">
                    {t`since ${formatDateTime(item.createdAt, locale)}`}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  disabled={view.busy}
                  aria-busy={view.removing === item.id}
                  onClick={() => settingsRef.send({ type: 'device.remove', id: item.id })}
                >
                  {t`Remove`}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * Messages (`/personal#messages`): what comes by e-mail and as notifications, per topic (account security always
 * on); notifications turned on per device. Two small machines: the choices and this device's web push.
 */
export function MessagesSection() {
  const { t } = useLingui();
  const settings = useMessageSettings();
  let body;
  if (settings.isPending) body = <Skeleton lines={5} />;
  else if (settings.isError)
    body = <QueryFailure kind={failureKind(settings.error)} onRetry={() => void settings.refetch()} />;
  else body = <Choices settings={settings.data} />;
  return (
    <section id="messages" className="dash-card" aria-labelledby="personal-messages">
      <h2 id="personal-messages" className="dash-card__title">{t`Messages`}</h2>
      {body}
    </section>
  );
}
