import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, type RefObject, Suspense, useEffect, useMemo, useRef } from 'react';
import { inviteRef, inviteUrl } from '#machines/personal/invite.rules.ts';
import { selectInviteView, type InviteView } from '#machines/personal/personal.selectors.ts';
import { accountApi, type Me } from '../../data/account.ts';
import { shopPath } from '../../ui/paths.ts';
import { useAuthSend } from '../../session/auth-context.tsx';
import { AuthField } from '../../ui/auth-field.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { showSuccessToast } from '../../ui/toast.ts';
import { useInBrowser } from '../../ui/use-in-browser.ts';
import { takeTypedText } from '../../boot/held-input.ts';
import { aliasFailureMessage, aliasProblemMessage } from './invite-messages.ts';
import { browserLinkPlatform, inviteInput, provideInvite } from './invite.actors.ts';

/**
 * The portal's own origin: the link leads to this portal's sign-up page. Known in the browser only: the server and
 * the hydrating browser show the link's path (`useInBrowser`), the whole link follows at once.
 */
const originOf = (inBrowser: boolean): string => (inBrowser ? window.location.origin : '');

const noop = () => undefined;

// The QR encoder (uqr) is a chunk of its own, fetched after the card shows: Personal data stays within its route's
// JS budget (docs/adr/0055-js-budget.md), and the link and its buttons do not wait for a picture.
const QrCode = lazy(() => import('../../ui/qr-code.tsx').then((module) => ({ default: module.QrCode })));

/**
 * A link's QR code, drawn in the browser only (the link holds the page's origin): its placeholder, the same size,
 * is what the server renders and the hydrating browser finds.
 */
function LinkQr({ text, label }: { text: string; label: string }) {
  const placeholder = <div className="invite-qr__placeholder" aria-hidden="true" />;
  return (
    <div className="invite-qr">
      {useInBrowser() ? (
        <Suspense fallback={placeholder}>
          <QrCode text={text} label={label} pixels={160} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

const LINK_COPIED = msg`Link copied`;
const ALIAS_SAVED = msg`Your alias is saved: the link has changed.`;

interface AliasFormProps {
  view: InviteView;
  prn: string | null;
  send: (event: { type: 'alias.change'; value: string } | { type: 'alias.review' }) => void;
}

/** Choosing the alias, once: the rule the field breaks as it is typed, the link it makes, the warning. */
function AliasForm({ view, prn, send }: AliasFormProps) {
  const { t, i18n } = useLingui();
  const field = useRef<HTMLInputElement | null>(null);
  const inBrowser = useInBrowser();
  // Typed on the server-rendered page before the app took it over: hydration put the field back at the machine's
  // draft, so the text is taken as if typed now (docs/adr/0069-held-input.md).
  useEffect(() => {
    const typed = field.current === null ? null : takeTypedText(field.current);
    if (typed !== null) send({ type: 'alias.change', value: typed });
  }, [send]);
  // The server refused the alias and the dialog closed: back to the field, whose message says why.
  useEffect(() => {
    if (view.error !== null) field.current?.focus();
  }, [view.error]);
  let error: string | null = null;
  if (view.problem !== null) error = i18n._(aliasProblemMessage(view.problem));
  else if (view.error !== null) error = i18n._(aliasFailureMessage(view.error));
  const preview = inviteUrl(originOf(inBrowser), view.alias === '' ? t`your-alias` : view.alias);
  return (
    <form
      className="form invite-alias"
      noValidate
      aria-labelledby="personal-invite-alias"
      data-form="invite-alias"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'alias.review' });
      }}
    >
      <h3 id="personal-invite-alias" className="invite-alias__title">{t`Choose your alias`}</h3>
      <p className="dash-card__note">
        {prn === null
          ? t`A short name of your own makes the link easier to say and remember.`
          : t`A short name of your own makes the link easier to say and remember. Links with your PRN keep working.`}
      </p>
      <AuthField
        id="invite-alias"
        label={t`Alias`}
        value={view.draft}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        error={error}
        hintId="invite-alias-hint"
        registration={{
          name: 'alias',
          ref: (element) => {
            field.current = element;
          },
          onBlur: noop,
          onChange: (event) => send({ type: 'alias.change', value: event.target.value }),
        }}
      />
      <div id="invite-alias-hint" className="invite-alias__hint">
        <p className="dash-card__note">{t`3 to 30 Latin letters, digits and hyphens.`}</p>
        <p className="dash-card__note">
          {t`Your link will be:`}{' '}
          <span className="invite-url" data-field="invite-preview">
            {preview}
          </span>
        </p>
      </div>
      <p className="notice invite-alias__warning">
        {t`Choose carefully: the alias is chosen once and cannot be changed later.`}
      </p>
      <div className="dash-card__actions">
        <Button type="submit">{t`Choose this alias`}</Button>
      </div>
    </form>
  );
}

interface ShopLinkProps {
  url: string;
  canShare: boolean;
  linkStatus: InviteView['linkStatus'];
  fieldRef: RefObject<HTMLInputElement | null>;
  send: (
    event: { type: 'link.copy'; url: string } | { type: 'link.share'; url: string; title: string },
  ) => void;
}

/**
 * The distributor's shop for clients (docs/adr/0147-the-storefront-and-client-checkout.md), on the same card: the
 * same alias or PRN makes both links, and the same machine copies and shares them.
 */
function ShopLink({ url, canShare, linkStatus, fieldRef, send }: ShopLinkProps) {
  const { t } = useLingui();
  return (
    <section className="invite-shop" aria-labelledby="personal-shop">
      <h3 id="personal-shop" className="invite-alias__title">{t`Your shop`}</h3>
      <p className="dash-card__note">
        {t`Clients order from your shop at the retail price: they appear in your client base, and their points are yours.`}
      </p>
      <div className="field">
        <label className="field__label" htmlFor="shop-link">
          {t`Your shop link`}
        </label>
        <input
          ref={fieldRef}
          id="shop-link"
          className="field__input invite-link"
          data-field="shop-link"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="dash-card__actions">
        <Button
          variant="secondary"
          data-action="copy-shop-link"
          disabled={linkStatus === 'copying'}
          onClick={() => send({ type: 'link.copy', url })}
        >
          {t`Copy`}
        </Button>
        {canShare ? (
          <Button
            variant="secondary"
            data-action="share-shop-link"
            disabled={linkStatus === 'sharing'}
            onClick={() => send({ type: 'link.share', url, title: t`My shop` })}
          >
            {t`Share`}
          </Button>
        ) : null}
      </div>
      <LinkQr text={url} label={t`QR code of your shop link`} />
    </section>
  );
}

/**
 * The distributor's invitation card (docs/adr/0142-the-invitation-card.md): the sign-up link under them,
 * `/join/<alias or PRN>`, to copy, share or show as a QR code, and the alias chosen once. The PRN link works from
 * the first day, so the card is useful before any alias exists.
 */
export function InviteSection({ me }: { me: Me }) {
  const { t, i18n } = useLingui();
  const authSend = useAuthSend();
  const queryClient = useQueryClient();
  const platform = useMemo(() => browserLinkPlatform(), []);
  const logic = useMemo(
    () =>
      provideInvite({
        api: accountApi,
        queryClient,
        platform,
        refreshUser: () => authSend({ type: 'auth.user.refresh' }),
        onLinkCopied: () => showSuccessToast(i18n._(LINK_COPIED)),
        onAliasSaved: () => showSuccessToast(i18n._(ALIAS_SAVED)),
      }),
    [authSend, queryClient, platform, i18n],
  );
  const actorRef = useActorRef(logic, { input: inviteInput(platform) });
  const view = useSelector(actorRef, selectInviteView);
  const linkField = useRef<HTMLInputElement>(null);
  const shopField = useRef<HTMLInputElement>(null);
  const inBrowser = useInBrowser();

  // The clipboard was refused: the link asked for is selected, so the person copies it themselves.
  useEffect(() => {
    if (view.linkStatus !== 'copyRefused') return;
    const field = shopField.current?.value === view.linkUrl ? shopField.current : linkField.current;
    field?.focus();
    field?.select();
  }, [view.linkStatus, view.linkUrl]);
  // The alias is chosen and its form gone: focus goes to the new link rather than to the page's start.
  useEffect(() => {
    if (view.aliasStatus === 'chosen') linkField.current?.focus();
  }, [view.aliasStatus]);

  const ref = inviteRef(me);
  if (ref === null) return null;
  const origin = originOf(inBrowser);
  const url = inviteUrl(origin, ref);
  const shopUrl = me.prn === null ? null : `${origin}${shopPath({ alias: me.alias, prn: me.prn })}`;
  const confirming = view.aliasStatus === 'confirming' || view.aliasStatus === 'saving';
  const saving = view.aliasStatus === 'saving';
  const alias = view.alias;
  const chosenUrl = inviteUrl(origin, alias);
  // The share sheet is the browser's: its button appears once the app has taken the page over.
  const canShare = inBrowser && view.canShare;

  return (
    <section className="dash-card card-span-6 card-span-mid-1" aria-labelledby="personal-invite">
      <h2 id="personal-invite" className="dash-card__title">{t`Invitation link`}</h2>
      <p className="dash-card__note">
        {t`Send this link to someone who wants to join your team: they sign up in your first line.`}
      </p>
      <div className="field">
        <label className="field__label" htmlFor="invite-link">
          {t`Your invitation link`}
        </label>
        <input
          ref={linkField}
          id="invite-link"
          className="field__input invite-link"
          data-field="invite-link"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div role="status" className="personal-status">
        {view.linkStatus === 'copyRefused' ? (
          <p className="notice">{t`The browser did not let us copy. The link is selected: copy it with Ctrl+C (⌘C on a Mac), or press and hold it on a phone.`}</p>
        ) : null}
      </div>
      <div className="dash-card__actions">
        <Button
          variant="secondary"
          data-action="copy-link"
          disabled={view.linkStatus === 'copying'}
          onClick={() => actorRef.send({ type: 'link.copy', url })}
        >
          {t`Copy`}
        </Button>
        {canShare ? (
          <Button
            variant="secondary"
            data-action="share-link"
            disabled={view.linkStatus === 'sharing'}
            onClick={() => actorRef.send({ type: 'link.share', url, title: t`Join my team` })}
          >
            {t`Share`}
          </Button>
        ) : null}
      </div>
      <LinkQr text={url} label={t`QR code of your invitation link`} />
      {shopUrl === null ? null : (
        <ShopLink
          url={shopUrl}
          canShare={canShare}
          linkStatus={view.linkStatus}
          fieldRef={shopField}
          send={(event) => actorRef.send(event)}
        />
      )}
      {me.alias === null ? (
        <AliasForm view={view} prn={me.prn} send={(event) => actorRef.send(event)} />
      ) : (
        <dl className="dash-facts">
          <div>
            <dt>{t`Alias`}</dt>
            <dd data-field="alias">{me.alias}</dd>
          </div>
        </dl>
      )}
      {confirming && me.alias === null ? (
        <Dialog
          name="confirm-alias"
          title={t`Choose the alias “${alias}”?`}
          description={t`Your link will be ${chosenUrl}. The alias cannot be changed later.`}
          submitLabel={saving ? t`Saving…` : t`Yes, choose it`}
          closeLabel={t`Back`}
          busy={saving}
          onSubmit={() => actorRef.send({ type: 'alias.confirm' })}
          onClose={() => actorRef.send({ type: 'alias.cancel' })}
        />
      ) : null}
    </section>
  );
}
