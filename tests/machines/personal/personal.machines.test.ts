import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  addressBookMachine,
  addressInputOf,
  type AddressWrite,
  type BookAddress,
  MAX_ADDRESSES,
} from '#machines/personal/address-book.machine.ts';
import { passwordChangeMachine } from '#machines/personal/password-change.machine.ts';
import {
  selectAddressActions,
  selectAddressBookView,
  selectCanAddAddress,
  selectPasswordChangeView,
  selectProfileView,
} from '#machines/personal/personal.selectors.ts';
import { formErrorOf } from '#machines/personal/personal.rules.ts';
import { profileChanges, profileMachine, type ProfileChanges } from '#machines/personal/profile.machine.ts';

const validation = (path: string) => ({
  status: 422,
  code: 'VALIDATION_FAILED',
  details: [{ location: 'body', path, message: 'bad' }],
});

describe('formErrorOf', () => {
  it('keeps the code and the body fields the server named', () => {
    expect(formErrorOf(validation('/phone'))).toEqual({ code: 'VALIDATION_FAILED', fields: ['phone'] });
    expect(formErrorOf({ status: 500 })).toEqual({ code: 'HTTP_500', fields: [] });
    expect(
      formErrorOf({ status: 400, code: 'VALIDATION_FAILED', details: [{ location: 'query', path: '/x' }] }),
    ).toEqual({ code: 'VALIDATION_FAILED', fields: [] });
  });
});

describe('profile machine', () => {
  const current = { fullName: 'Olga Sârbu', phone: '+373 69 000 000' };

  it('sends only the fields that changed, trimmed as the server stores them', () => {
    expect(profileChanges(current, { fullName: '  Olga   Sârbu ', phone: '+373 69 000 000' })).toEqual({});
    expect(profileChanges(current, { fullName: 'Olga Sârbu-Rusu', phone: '' })).toEqual({
      fullName: 'Olga Sârbu-Rusu',
      phone: null,
    });
  });

  function start(save: (changes: ProfileChanges) => Promise<unknown>) {
    const saved = vi.fn();
    const saveSpy = vi.fn(save);
    const actor = createActor(
      profileMachine.provide({
        actors: { saveProfile: fromPromise(({ input }: { input: ProfileChanges }) => saveSpy(input)) },
        actions: { profileSaved: (_, params) => saved(params.user) },
      }),
    ).start();
    return { actor, saved, saveSpy };
  }

  it('saves the changes and hands the updated user to the app', async () => {
    const { actor, saved, saveSpy } = start(async (changes) => ({ id: 5, ...changes }));
    actor.send({
      type: 'profile.save',
      current,
      values: { fullName: 'Olga Rusu', phone: '+373 69 000 000' },
    });
    expect(selectProfileView(actor.getSnapshot()).status).toBe('saving');
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));
    expect(saveSpy).toHaveBeenCalledWith({ fullName: 'Olga Rusu' });
    expect(saved).toHaveBeenCalledWith({ id: 5, fullName: 'Olga Rusu' });
    actor.send({ type: 'profile.edit' });
    expect(selectProfileView(actor.getSnapshot()).status).toBe('idle');
  });

  it('says nothing changed without calling the server', () => {
    const { actor, saveSpy } = start(async () => ({}));
    actor.send({
      type: 'profile.save',
      current,
      values: { fullName: current.fullName, phone: current.phone },
    });
    expect(selectProfileView(actor.getSnapshot()).status).toBe('unchanged');
    expect(saveSpy).not.toHaveBeenCalled();
  });

  it("fails with 'Error updating user' and names the refused field", async () => {
    const { actor, saved } = start(async () => {
      throw validation('/phone');
    });
    actor.send({ type: 'profile.save', current, values: { fullName: current.fullName, phone: '123456' } });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(selectProfileView(actor.getSnapshot())).toEqual({
      status: 'idle',
      failed: true,
      errorCode: 'VALIDATION_FAILED',
      invalidFields: ['phone'],
    });
    expect(saved).not.toHaveBeenCalled();
  });
});

describe('password change machine', () => {
  const values = {
    currentPassword: 'demo1234',
    newPassword: 'better123',
    newPasswordConfirmation: 'better123',
  };

  /** What the session is told, in order. */
  function start(change: () => Promise<string>) {
    const told: string[] = [];
    const actor = createActor(
      passwordChangeMachine.provide({
        actors: { changePassword: fromPromise(change) },
        actions: {
          sessionRenewing: () => told.push('renewing'),
          renewSession: (_, { token }) => told.push(`renewed ${token}`),
          renewalFailed: () => told.push('renewal failed'),
        },
      }),
    ).start();
    return { actor, told };
  }

  it('tells the session a token is coming, hands it over and says the change happened', async () => {
    const { actor, told } = start(async () => 'fresh.jwt.token');
    actor.send({ type: 'password.change', ...values });
    expect(selectPasswordChangeView(actor.getSnapshot()).status).toBe('changing');
    expect(told).toEqual(['renewing']);
    await waitFor(actor, (snapshot) => snapshot.matches('changed'));
    expect(told).toEqual(['renewing', 'renewed fresh.jwt.token']);
    actor.send({ type: 'password.reset' });
    expect(selectPasswordChangeView(actor.getSnapshot())).toEqual({
      status: 'editing',
      errorCode: null,
      errorField: null,
    });
  });

  it.each([
    [{ status: 422, code: 'INVALID_CURRENT_PASSWORD' }, 'currentPassword'],
    [validation('/newPassword'), 'newPassword'],
    [validation('/newPasswordConfirmation'), 'newPasswordConfirmation'],
    [{ status: 429, code: 'RATE_LIMITED' }, null],
  ])('keeps the session and points at the field of %o', async (error, field) => {
    const { actor, told } = start(async () => {
      throw error;
    });
    actor.send({ type: 'password.change', ...values });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    const view = selectPasswordChangeView(actor.getSnapshot());
    expect(view.errorCode).toBe(error.code);
    expect(view.errorField).toBe(field);
    expect(told).toEqual(['renewing', 'renewal failed']);
  });
});

describe('address book machine', () => {
  const home: BookAddress = {
    id: 1,
    postIndex: 'MD-2001',
    city: 'Chișinău',
    street: 'str. Ismail',
    house: '108',
    apartment: '55',
    isDefault: true,
  };
  const office: BookAddress = {
    ...home,
    id: 2,
    street: 'bd. Ștefan cel Mare',
    house: '1',
    apartment: null,
    isDefault: false,
  };

  function start(
    overrides: {
      save?: (write: AddressWrite) => Promise<unknown>;
      remove?: (input: { id: number }) => Promise<void>;
    } = {},
  ) {
    const changed = vi.fn();
    const reported = vi.fn();
    const save = vi.fn(overrides.save ?? (async () => ({})));
    const remove = vi.fn(overrides.remove ?? (async (_input: { id: number }) => undefined));
    const actor = createActor(
      addressBookMachine.provide({
        actors: {
          saveAddress: fromPromise(({ input }: { input: AddressWrite }) => save(input)),
          deleteAddress: fromPromise(({ input }: { input: { id: number } }) => remove(input)),
        },
        actions: { addressesChanged: changed, reportError: (_, { error }) => reported(error) },
      }),
    ).start();
    return { actor, changed, reported, save, remove };
  }

  it('normalises the form: trimmed, upper-case post index, blank apartment is none', () => {
    expect(
      addressInputOf({
        postIndex: ' md-2005 ',
        city: ' Bălți ',
        street: 'str. Independenței',
        house: '12 ',
        apartment: '  ',
        isDefault: false,
      }),
    ).toEqual({
      postIndex: 'MD-2005',
      city: 'Bălți',
      street: 'str. Independenței',
      house: '12',
      apartment: null,
      isDefault: false,
    });
  });

  it('adds a new address and refreshes the list', async () => {
    const { actor, save, changed } = start();
    actor.send({ type: 'address.add', count: 2 });
    expect(selectAddressBookView(actor.getSnapshot())).toMatchObject({ formOpen: true, editing: null });
    actor.send({
      type: 'address.save',
      values: {
        postIndex: 'md-3100',
        city: 'Bălți',
        street: 'str. Decebal',
        house: '7',
        apartment: '',
        isDefault: true,
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('browsing'));
    expect(save).toHaveBeenCalledWith({
      kind: 'create',
      input: {
        postIndex: 'MD-3100',
        city: 'Bălți',
        street: 'str. Decebal',
        house: '7',
        apartment: null,
        isDefault: true,
      },
    });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(selectAddressBookView(actor.getSnapshot()).lastDone).toBe('created');
  });

  it('refuses a 51st address', () => {
    const { actor } = start();
    expect(selectCanAddAddress(actor.getSnapshot(), MAX_ADDRESSES)).toBe(false);
    expect(selectCanAddAddress(actor.getSnapshot(), MAX_ADDRESSES - 1)).toBe(true);
    actor.send({ type: 'address.add', count: MAX_ADDRESSES });
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
  });

  it('edits an address by its id and keeps the form open with the refused fields on failure', async () => {
    const { actor, save } = start({
      save: async () => {
        throw validation('/postIndex');
      },
    });
    actor.send({ type: 'address.edit', address: office });
    actor.send({ type: 'address.save', values: { ...office, apartment: '', postIndex: '??' } });
    await waitFor(actor, (snapshot) => snapshot.matches('form'));
    expect(save.mock.calls[0]?.[0]).toMatchObject({ kind: 'update', id: 2 });
    expect(selectAddressBookView(actor.getSnapshot())).toMatchObject({
      formOpen: true,
      editing: office,
      errorCode: 'VALIDATION_FAILED',
      invalidFields: ['postIndex'],
    });
    actor.send({ type: 'address.cancel' });
    expect(selectAddressBookView(actor.getSnapshot())).toMatchObject({ formOpen: false, errorCode: null });
  });

  it('deletes only after a confirmation', async () => {
    const { actor, remove, changed } = start();
    actor.send({ type: 'address.delete', address: office });
    expect(selectAddressBookView(actor.getSnapshot()).confirmingDelete).toEqual(office);
    expect(remove).not.toHaveBeenCalled();
    actor.send({ type: 'address.cancel' });
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
    actor.send({ type: 'address.delete', address: office });
    actor.send({ type: 'address.delete.confirm' });
    expect(selectAddressBookView(actor.getSnapshot()).deletingId).toBe(2);
    await waitFor(actor, (snapshot) => snapshot.matches('browsing'));
    expect(remove).toHaveBeenCalledWith({ id: 2 });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(selectAddressBookView(actor.getSnapshot()).lastDone).toBe('deleted');
  });

  it('makes another address the default with its own fields; the default has no such button', async () => {
    const { actor, save } = start();
    expect(selectAddressActions(actor.getSnapshot(), home)).toEqual({
      canEdit: true,
      canDelete: true,
      offersMakeDefault: false,
      canMakeDefault: false,
    });
    expect(selectAddressActions(actor.getSnapshot(), office).canMakeDefault).toBe(true);
    actor.send({ type: 'address.makeDefault', address: home });
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
    actor.send({ type: 'address.makeDefault', address: office });
    expect(selectAddressBookView(actor.getSnapshot()).defaultingId).toBe(2);
    expect(selectAddressActions(actor.getSnapshot(), home).canEdit).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.matches('browsing'));
    expect(save).toHaveBeenCalledWith({
      kind: 'update',
      id: 2,
      input: {
        postIndex: 'MD-2001',
        city: 'Chișinău',
        street: 'bd. Ștefan cel Mare',
        house: '1',
        apartment: null,
        isDefault: true,
      },
    });
  });

  it('reports a failed delete and reloads the list', async () => {
    const { actor, reported, changed } = start({
      remove: async () => {
        throw { status: 404, code: 'NOT_FOUND' };
      },
    });
    actor.send({ type: 'address.delete', address: office });
    actor.send({ type: 'address.delete.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('browsing'));
    expect(reported).toHaveBeenCalledWith({ status: 404, code: 'NOT_FOUND' });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(selectAddressBookView(actor.getSnapshot()).errorCode).toBe('NOT_FOUND');
  });
});
