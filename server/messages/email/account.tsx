/** Account security: confirm the address, reset the password, the password was changed, failed sign-ins. */
import { Trans } from '@lingui/react';
import { Action, Facts, P, text } from './parts.tsx';
import { dataNumber, dataText, type Template } from './template.ts';

/** A one-time link's path with its token (the message's secret). */
const withToken = (path: string, token: string | null): string =>
  token === null ? path : `${path}?token=${encodeURIComponent(token)}`;

export const confirmEmail: Template = ({ i18n, recipient, secret, link }) => {
  const path = withToken('/confirm-email', secret);
  return {
    subject: i18n._({ id: 'email.confirm_email.subject', message: 'Confirm your e-mail address' }),
    summary: i18n._({
      id: 'email.confirm_email.summary',
      message: 'One click, and you can order in the portal.',
    }),
    heading: i18n._({ id: 'email.confirm_email.heading', message: 'Confirm your e-mail address' }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.confirm_email.body"
            message="Please confirm that {email} is your address. Until you do, ordering is not available."
            values={{ email: text(recipient.email) }}
          />
        </P>
        <Action href={link(path)}>
          {i18n._({ id: 'email.confirm_email.action', message: 'Confirm my address' })}
        </Action>
        <P muted>
          <Trans
            id="email.confirm_email.note"
            message="The link works for 7 days. If you did not ask for this, ignore this e-mail."
          />
        </P>
      </>
    ),
  };
};

export const resetPassword: Template = ({ i18n, recipient, secret, link }) => {
  const path = withToken('/reset-pass', secret);
  return {
    subject: i18n._({ id: 'email.reset_password.subject', message: 'Reset your password' }),
    summary: i18n._({
      id: 'email.reset_password.summary',
      message: 'Choose a new password with the link inside.',
    }),
    heading: i18n._({ id: 'email.reset_password.heading', message: 'Reset your password' }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.reset_password.body"
            message="Someone, hopefully you, asked to reset the password of the account {email}."
            values={{ email: text(recipient.email) }}
          />
        </P>
        <Action href={link(path)}>
          {i18n._({ id: 'email.reset_password.action', message: 'Choose a new password' })}
        </Action>
        <P muted>
          <Trans
            id="email.reset_password.note"
            message="The link works once, for one hour. If it was not you, ignore this e-mail: your password stays as it is."
          />
        </P>
      </>
    ),
  };
};

export const passwordChanged: Template = ({ i18n, recipient, createdAt, link, format }) => {
  const path = '/reset-pass';
  return {
    subject: i18n._({ id: 'email.password_changed.subject', message: 'Your password was changed' }),
    summary: i18n._({
      id: 'email.password_changed.summary',
      message: 'Not you? Reset your password now.',
    }),
    heading: i18n._({ id: 'email.password_changed.heading', message: 'Your password was changed' }),
    path,
    content: (
      <>
        <P>
          <Trans
            id="email.password_changed.body"
            message="The password of the account {email} was changed on {when}. Every other device where you were signed in has been signed out."
            values={{ email: text(recipient.email), when: format.dateTime(createdAt) }}
          />
        </P>
        <P>
          <Trans
            id="email.password_changed.not_you"
            message="Not you? Someone may know your password: reset it now, then check your orders and addresses."
          />
        </P>
        <Action href={link(path)}>
          {i18n._({ id: 'email.password_changed.action', message: 'It was not me: reset the password' })}
        </Action>
      </>
    ),
  };
};

export const loginBurst: Template = ({ i18n, data, link, format }) => {
  const attempts = dataNumber(data, 'attempts');
  const sinceText = dataText(data, 'since');
  const since = Number.isNaN(Date.parse(sinceText)) ? sinceText : format.dateTime(new Date(sinceText));
  const path = '/personal';
  return {
    subject: i18n._({
      id: 'email.login_burst.subject',
      message: 'Failed sign-in attempts on your account',
    }),
    summary: i18n._({
      id: 'email.login_burst.summary',
      message:
        '{attempts, plural, one {# failed attempt} other {# failed attempts}} to sign in since {since}.',
      values: { attempts, since },
    }),
    heading: i18n._({
      id: 'email.login_burst.heading',
      message: 'Someone is trying to sign in to your account',
    }),
    path,
    content: (
      <>
        <Facts
          rows={[
            [i18n._({ id: 'email.login_burst.attempts', message: 'Failed attempts' }), String(attempts)],
            [i18n._({ id: 'email.login_burst.since', message: 'Since' }), since],
          ]}
        />
        <P>
          <Trans
            id="email.login_burst.body"
            message="If it was you, nothing needs doing. If not, change your password: the new one ends every other session."
          />
        </P>
        <Action href={link(path)}>
          {i18n._({ id: 'email.login_burst.action', message: 'Change my password' })}
        </Action>
      </>
    ),
  };
};
