import { useLingui } from '@lingui/react/macro';
import { useId, type ChangeEvent } from 'react';
import { selectResendStatus } from '#machines/auth/auth.selectors.ts';
import { selectIsSwitching, selectPendingLocale } from '#machines/language/language.selectors.ts';
import type { Me } from '../../data/account.ts';
import { useAuthSelector, useAuthSend } from '../../session/auth-context.tsx';
import { LanguageContext } from '../../session/language-context.tsx';
import { SUPPORTED_LOCALES, useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';

function LanguageField() {
  const { t } = useLingui();
  const id = useId();
  const locale = useLocale();
  // The same language actor as the header switcher: saved on the server first, then applied.
  const actorRef = LanguageContext.useActorRef();
  const switching = LanguageContext.useSelector(selectIsSwitching);
  const pending = LanguageContext.useSelector(selectPendingLocale);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t`Interface language`}
      </label>
      <select
        id={id}
        className="field__input"
        value={pending ?? locale}
        aria-busy={switching}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          actorRef.send({ type: 'language.select', locale: event.target.value, authenticated: true })
        }
      >
        {SUPPORTED_LOCALES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}

function EmailState({ me }: { me: Me }) {
  const { t } = useLingui();
  // The resend is the auth machine's (`auth.confirmation.resend`), as on the confirmation notice.
  const resendStatus = useAuthSelector(selectResendStatus);
  const sendAuth = useAuthSend();
  return (
    <div className="personal-email">
      <dl className="dash-facts">
        <div>
          <dt>{t`E-mail`}</dt>
          <dd data-field="email" className="truncate" title={me.email}>
            {me.email}
          </dd>
        </div>
        <div>
          <dt>{t`E-mail confirmation`}</dt>
          <dd data-field="emailConfirmed">
            <span className={`badge badge--${me.emailConfirmed ? 'yes' : 'no'}`}>
              {me.emailConfirmed ? t`Confirmed` : t`Not confirmed`}
            </span>
          </dd>
        </div>
      </dl>
      {me.emailConfirmed ? null : (
        <div className="form">
          <p className="dash-card__note">{t`Open the link we sent to your e-mail to confirm the address.`}</p>
          <div role="status">
            {resendStatus === 'sent' ? (
              <p className="notice notice--success">{t`A new confirmation link is on its way.`}</p>
            ) : null}
          </div>
          <div className="dash-card__actions">
            <Button
              variant="secondary"
              disabled={resendStatus === 'sending'}
              aria-busy={resendStatus === 'sending'}
              onClick={() => sendAuth({ type: 'auth.confirmation.resend' })}
            >
              {resendStatus === 'sending' ? t`Sending…` : t`Send the link again`}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/** E-mail (read-only, with its confirmation state), PRN, role and interface language. */
export function AccountSection({ me }: { me: Me }) {
  const { t } = useLingui();
  return (
    <section className="dash-card card-span-6 card-span-mid-1" aria-labelledby="personal-account">
      <h2 id="personal-account" className="dash-card__title">{t`Account`}</h2>
      <EmailState me={me} />
      {me.prn === null ? null : (
        <dl className="dash-facts">
          <div>
            <dt>{t`PRN`}</dt>
            <dd data-field="prn">{me.prn}</dd>
          </div>
        </dl>
      )}
      <LanguageField />
    </section>
  );
}
