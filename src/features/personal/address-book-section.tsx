import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { type BookAddress, MAX_ADDRESSES } from '#machines/personal/address-book.machine.ts';
import {
  selectAddressActions,
  selectAddressBookView,
  selectCanAddAddress,
} from '#machines/personal/personal.selectors.ts';
import { reportFailure } from '../../api/failure-bridge.ts';
import { accountApi, useAddresses } from '../../data/account.ts';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { AddressForm } from '../../ui/forms/address-form.tsx';
import { addressFailureMessage } from '../../ui/forms/personal-messages.ts';
import { provideAddressBook } from './personal.actors.ts';
import { failureKind } from '../../data/failure-kind.ts';

type AddressBookActor = ReturnType<typeof useActorRef<ReturnType<typeof provideAddressBook>>>;

function formatAddress(address: BookAddress): string {
  const apartment = address.apartment === null ? '' : `, ${address.apartment}`;
  return `${address.street} ${address.house}${apartment}, ${address.city}, ${address.postIndex}`;
}

function AddressItem({ address, actorRef }: { address: BookAddress; actorRef: AddressBookActor }) {
  const { t } = useLingui();
  const actions = useSelector(actorRef, (snapshot) => selectAddressActions(snapshot, address));
  const view = useSelector(actorRef, selectAddressBookView);
  const confirming = view.confirmingDelete?.id === address.id;
  const deleting = view.deletingId === address.id;
  const confirmPanel = useRef<HTMLDivElement>(null);
  // The question takes the place of the buttons: focus moves to its first answer.
  useEffect(() => {
    if (confirming && !deleting) confirmPanel.current?.querySelector('button')?.focus();
  }, [confirming, deleting]);
  const text = formatAddress(address);
  // Repeated buttons name their object, so a screen reader's list of buttons tells them apart: "Edit address:
  // bd. Dacia 47".
  const short = `${address.street} ${address.house}`;
  const labelId = `address-${address.id}`;
  return (
    <li className="address" data-address={address.id} data-default={address.isDefault}>
      <div className="address__text">
        <p id={labelId} className="address__line">
          {text}
        </p>
        {address.isDefault ? <span className="badge badge--yes">{t`Default`}</span> : null}
      </div>
      {confirming ? (
        <div
          ref={confirmPanel}
          className="address__confirm"
          role="group"
          aria-labelledby={`${labelId}-confirm`}
        >
          <p id={`${labelId}-confirm`} className="address__question">
            {t`Delete this address?`}
            {address.isDefault ? ` ${t`The newest of the others becomes the default.`}` : ''}
          </p>
          <div className="dash-card__actions">
            <Button
              data-action="confirm-delete"
              disabled={deleting}
              aria-busy={deleting}
              onClick={() => actorRef.send({ type: 'address.delete.confirm' })}
            >
              {deleting ? t`Deleting…` : t`Yes, delete`}
            </Button>
            <Button
              variant="ghost"
              disabled={deleting}
              onClick={() => actorRef.send({ type: 'address.cancel' })}
            >
              {t`Keep it`}
            </Button>
          </div>
        </div>
      ) : (
        <div className="address__actions">
          {actions.offersMakeDefault ? (
            <Button
              variant="secondary"
              data-action="make-default"
              aria-label={t`Make default: ${short}`}
              disabled={!actions.canMakeDefault}
              aria-busy={view.defaultingId === address.id}
              aria-describedby={labelId}
              onClick={() => actorRef.send({ type: 'address.makeDefault', address })}
            >
              {view.defaultingId === address.id ? t`Saving…` : t`Make default`}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            data-action="edit"
            aria-label={t`Edit address: ${short}`}
            disabled={!actions.canEdit}
            aria-describedby={labelId}
            onClick={() => actorRef.send({ type: 'address.edit', address })}
          >
            {t`Edit`}
          </Button>
          <Button
            variant="ghost"
            data-action="delete"
            aria-label={t`Delete address: ${short}`}
            disabled={!actions.canDelete}
            aria-describedby={labelId}
            onClick={() => actorRef.send({ type: 'address.delete', address })}
          >
            {t`Delete`}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The address book (`GET /users/addresses` and the address calls of spec section 7). */
export function AddressBookSection() {
  const { t, i18n } = useLingui();
  const addresses = useAddresses();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () => provideAddressBook({ api: accountApi, queryClient, reportFailure }),
    [queryClient],
  );
  const actorRef = useActorRef(logic);
  const view = useSelector(actorRef, selectAddressBookView);
  const count = addresses.data?.length ?? 0;
  const canAdd = useSelector(actorRef, (snapshot) => selectCanAddAddress(snapshot, count));
  const failure = view.errorCode === null ? null : i18n._(addressFailureMessage(view.errorCode));
  const done = {
    created: t`The address has been added.`,
    updated: t`The address has been saved.`,
    deleted: t`The address has been deleted.`,
    defaulted: t`The default address has been changed.`,
  };

  let list;
  if (addresses.isPending) list = <Skeleton lines={3} />;
  else if (addresses.isError)
    list = (
      <QueryFailure
        headingLevel={3}
        kind={failureKind(addresses.error)}
        onRetry={() => void addresses.refetch()}
      />
    );
  else if (addresses.data.length === 0)
    list = <p className="dash-card__note">{t`You have no saved addresses yet.`}</p>;
  else
    list = (
      <ul className="addresses" aria-label={t`Saved addresses`}>
        {addresses.data.map((address) => (
          <AddressItem key={address.id} address={address} actorRef={actorRef} />
        ))}
      </ul>
    );

  return (
    <section
      className="dash-card card-span-6 card-span-mid-1"
      aria-labelledby="personal-addresses"
      aria-busy={view.busy}
    >
      <div className="dash-card__header">
        <h2 id="personal-addresses" className="dash-card__title">{t`Delivery addresses`}</h2>
        {view.formOpen ? null : (
          <Button
            variant="secondary"
            data-action="add-address"
            disabled={!canAdd}
            onClick={() => actorRef.send({ type: 'address.add', count })}
          >
            {t`Add an address`}
          </Button>
        )}
      </div>
      {count >= MAX_ADDRESSES ? (
        <p className="dash-card__note">{t`You can keep at most ${MAX_ADDRESSES} addresses.`}</p>
      ) : null}
      {view.formOpen ? (
        <AddressForm
          key={view.editing?.id ?? 'new'}
          address={view.editing}
          saving={view.saving}
          failure={failure}
          invalidFields={view.invalidFields}
          onSave={(values) => actorRef.send({ type: 'address.save', values })}
          onCancel={() => actorRef.send({ type: 'address.cancel' })}
        />
      ) : null}
      {!view.formOpen && failure !== null ? (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      <div role="status" className="personal-status">
        {!view.formOpen && failure === null && view.lastDone !== null ? (
          <p className="notice notice--success">{done[view.lastDone]}</p>
        ) : null}
      </div>
      {list}
    </section>
  );
}
