// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookAddress } from '#machines/personal/address-book.machine.ts';
import { queryClient } from '#src/api/query-client.ts';
import { accountApi as personalApi } from '#src/data/account.ts';
import { accountKeys } from '#src/data/keys.ts';
import { clearTokenCookie, readTokenCookie } from '#src/api/token.ts';
import PersonalPage from '#src/features/personal/personal-page.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import { makeToken, userFixture } from '#tests/support/auth.ts';
import { renderSignedIn } from '#tests/support/render-signed-in.tsx';

const me = userFixture({ lang: 'en', fullName: 'Ana Popescu', phone: '+373 69 000 000' });
const addresses: BookAddress[] = [
  {
    id: 1,
    postIndex: 'MD-2001',
    city: 'Chișinău',
    street: 'str. Ismail',
    house: '108',
    apartment: '55',
    isDefault: true,
  },
  {
    id: 2,
    postIndex: 'MD-3100',
    city: 'Bălți',
    street: 'str. Decebal',
    house: '7',
    apartment: null,
    isDefault: false,
  },
];

function renderPage() {
  queryClient.setQueryData(accountKeys.me(), me);
  queryClient.setQueryData(accountKeys.addresses(), addresses);
  return renderSignedIn(<PersonalPage />, { role: 'user', user: me });
}

beforeAll(async () => {
  await activateLocale('en');
});

beforeEach(() => {
  vi.restoreAllMocks();
});

afterEach(() => {
  cleanup();
  clearTokenCookie();
  queryClient.clear();
  localStorage.clear();
});

describe('Personal data (/personal)', () => {
  it("says 'Error updating user' when the profile update fails, and sends only what changed", async () => {
    const update = vi.spyOn(personalApi, 'updateProfile').mockRejectedValue({
      status: 422,
      code: 'VALIDATION_FAILED',
      details: [{ location: 'body', path: '/phone' }],
    });
    renderPage();
    const phone = await screen.findByLabelText('Phone');
    fireEvent.change(phone, { target: { value: '+373 69 111 222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error updating user')).toBeTruthy();
    expect(update).toHaveBeenCalledWith({ phone: '+373 69 111 222' });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the phone before sending anything', async () => {
    const update = vi.spyOn(personalApi, 'updateProfile');
    renderPage();
    fireEvent.change(await screen.findByLabelText('Phone'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a phone number with at least 6 digits, like +373 69 123 456.'),
    ).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('stores the fresh token after a password change and says other devices were logged out', async () => {
    const exp = Math.floor(Date.now() / 1000) + 7200;
    const fresh = makeToken({ sub: '7', exp, sv: 2, wh: false, par: false });
    const change = vi.spyOn(personalApi, 'changePassword').mockResolvedValue(fresh);
    renderPage();
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'demo1234' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'better123' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'better123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the password' }));

    expect(
      await screen.findByText(
        'Your password has been changed. Every other device where you were signed in has been logged out; you stay signed in here.',
      ),
    ).toBeTruthy();
    expect(change).toHaveBeenCalledWith({
      currentPassword: 'demo1234',
      newPassword: 'better123',
      newPasswordConfirmation: 'better123',
    });
    // The screen renders before the session chunk's auth actor runs (no guard here): the event reaches it then.
    await waitFor(() => expect(readTokenCookie()).toBe(fresh));
  });

  it('names a wrong current password beside its field', async () => {
    vi.spyOn(personalApi, 'changePassword').mockRejectedValue({
      status: 422,
      code: 'INVALID_CURRENT_PASSWORD',
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'wrong-one1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'better123' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'better123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before deleting an address and offers "Make default" only for the others', async () => {
    const remove = vi.spyOn(personalApi, 'deleteAddress').mockResolvedValue();
    vi.spyOn(personalApi, 'listAddresses').mockResolvedValue([addresses[0] as BookAddress]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const [home, office] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(home).queryByRole('button', { name: /^Make default/ })).toBeNull();
    // Repeated buttons name their address, so a screen reader tells them apart.
    expect(within(office).getByRole('button', { name: 'Make default: str. Decebal 7' })).toBeTruthy();
    expect(within(home).getByRole('button', { name: 'Edit address: str. Ismail 108' })).toBeTruthy();
    expect(within(home).getByRole('button', { name: 'Delete address: str. Ismail 108' })).toBeTruthy();

    fireEvent.click(within(office).getByRole('button', { name: 'Delete address: str. Decebal 7' }));
    const question = within(office).getByRole('group', { name: 'Delete this address?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Yes, delete' })),
    );
    expect(remove).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(question).getByRole('button', { name: 'Yes, delete' }));
    });
    expect(remove).toHaveBeenCalledWith(2);
    expect(await screen.findByText('The address has been deleted.')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });
});
