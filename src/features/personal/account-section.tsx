import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, type ChangeEvent } from 'react';
import { fromPromise } from 'xstate';
import { languageMachine } from '../../../machines/language/language.machine.ts';
import { selectIsSwitching, selectPendingLocale } from '../../../machines/language/language.selectors.ts';
import { showErrorToast } from '../../app/toast-bridge.ts';
import { activateLocale, normalizeLocale, SUPPORTED_LOCALES, useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { type Me, personalApi, storeMe, useResendConfirmation } from './personal.queries.ts';

/** The same language machine as the header switcher: saved on the server first, then applied. */
const languageLogic = languageMachine.provide({
  actors: {
    saveLanguage: fromPromise<void, { locale: string }>(async ({ input }) => {
      storeMe(await personalApi.setLang(normalizeLocale(input.locale)));
    }),
    applyLocale: fromPromise<void, { locale: string }>(({ input }) => activateLocale(input.locale)),
  },
});

function LanguageField() {
  const { t } = useLingui();
  const id = useId();
  const locale = useLocale();
  const actorRef = useActorRef(languageLogic);
  const switching = useSelector(actorRef, selectIsSwitching);
  const pending = useSelector(actorRef, selectPendingLocale);
  useEffect(() => {
    const subscription = actorRef.on('language.failed', ({ error }) => showErrorToast(error));
    return () => subscription.unsubscribe();
  }, [actorRef]);
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
  const resend = useResendConfirmation();
  return (
    <div className="personal-email">
      <dl className="dash-facts">
        <div>
          <dt>{t`E-mail`}</dt>
          <dd data-field="email">{me.email}</dd>
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
            {resend.isSuccess ? (
              <p className="notice notice--success">{t`A new confirmation link is on its way.`}</p>
            ) : null}
          </div>
          <div className="dash-card__actions">
            <Button
              variant="secondary"
              disabled={resend.isPending}
              aria-busy={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {resend.isPending ? t`Sending…` : t`Send the link again`}
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
    <section className="dash-card" aria-labelledby="personal-account">
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
