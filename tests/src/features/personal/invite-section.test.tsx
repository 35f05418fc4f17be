// @vitest-environment jsdom
// Personal data's invitation card: the PRN link at once, copying it (and selecting it when the clipboard is
// refused), choosing the alias once with the shared rules, a refusal on the field, the new link after; only for
// distributors.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor as waitForActor } from 'xstate';
import { selectInviteView } from '#machines/personal/personal.selectors.ts';
import { queryClient } from '#src/api/query-client.ts';
import { accountApi, type Me } from '#src/data/account.ts';
import { accountKeys } from '#src/data/keys.ts';
import { clearTokenCookie } from '#src/api/token.ts';
import { inviteInput, provideInvite, type LinkPlatform } from '#src/features/personal/invite.actors.ts';
import { InviteSection } from '#src/features/personal/invite-section.tsx';
import PersonalPage from '#src/features/personal/personal-page.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import { userFixture } from '#tests/support/auth.ts';
import { renderSignedIn, type Role } from '#tests/support/render-signed-in.tsx';

const me: Me = userFixture({ lang: 'en', prn: 'MD1000007', alias: null });
const origin = () => window.location.origin;

beforeAll(async () => {
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  clearTokenCookie();
  queryClient.clear();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

function renderCard(user: Me = me) {
  queryClient.setQueryData(accountKeys.me(), user);
  return renderSignedIn(<InviteSection me={user} />, { role: 'partner', user });
}

/** The card has two Copy buttons (the join link's and the shop link's): by what each copies. */
function copyButton(card: HTMLElement, action: 'copy-link' | 'copy-shop-link'): HTMLElement {
  const button = card.querySelector<HTMLElement>(`[data-action="${action}"]`);
  if (button === null) throw new Error(`no ${action} button`);
  return button;
}

describe('the invitation card', () => {
  it('shows the PRN link at once and copies it', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    renderCard();
    const card = await screen.findByRole('region', { name: 'Invitation link' });
    const link = within(card).getByLabelText<HTMLInputElement>('Your invitation link');
    expect(link.value).toBe(`${origin()}/join/MD1000007`);
    expect(await within(card).findByRole('img', { name: 'QR code of your invitation link' })).toBeTruthy();
    // jsdom has no share sheet: no Share button.
    expect(within(card).queryByRole('button', { name: 'Share' })).toBeNull();
    fireEvent.click(copyButton(card, 'copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${origin()}/join/MD1000007`));
  });

  it('shows the shop link beside it and copies that one', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    renderCard();
    const shop = await screen.findByRole('region', { name: 'Your shop' });
    const shopLink = within(shop).getByLabelText<HTMLInputElement>('Your shop link');
    expect(shopLink.value).toBe(`${origin()}/s/MD1000007`);
    expect(await within(shop).findByRole('img', { name: 'QR code of your shop link' })).toBeTruthy();
    fireEvent.click(within(shop).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${origin()}/s/MD1000007`));
  });

  it('selects the shop link, not the join link, when the browser refuses to copy it', async () => {
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    renderCard();
    const shop = await screen.findByRole('region', { name: 'Your shop' });
    fireEvent.click(within(shop).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/The browser did not let us copy/)).toBeTruthy();
    const selected = within(shop).getByLabelText<HTMLInputElement>('Your shop link');
    expect(document.activeElement).toBe(selected);
    expect(selected.selectionEnd).toBe(selected.value.length);
  });

  it('selects the link when the browser refuses the clipboard', async () => {
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Invitation link' });
    const link = within(card).getByLabelText<HTMLInputElement>('Your invitation link');
    fireEvent.click(copyButton(card, 'copy-link'));
    expect(await within(card).findByText(/The browser did not let us copy/)).toBeTruthy();
    expect(document.activeElement).toBe(link);
    expect(link.selectionStart).toBe(0);
    expect(link.selectionEnd).toBe(link.value.length);
  });

  it('checks the alias as it is typed and previews the link', async () => {
    const setAlias = vi.spyOn(accountApi, 'setAlias');
    renderCard();
    const field = await screen.findByLabelText('Alias');
    fireEvent.change(field, { target: { value: 'ab' } });
    expect(await screen.findByText('The alias needs at least 3 characters.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'Supp0rt' } });
    expect(await screen.findByText('This word is reserved. Choose another.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose this alias' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(field, { target: { value: ' Anna-Popescu ' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText(`${origin()}/join/anna-popescu`)).toBeTruthy();
    expect(setAlias).not.toHaveBeenCalled();
  });

  it('asks to confirm, shows a refusal on the field, then the new link once chosen', async () => {
    const setAlias = vi
      .spyOn(accountApi, 'setAlias')
      .mockRejectedValueOnce({ status: 409, code: 'ALIAS_TAKEN' })
      .mockImplementationOnce(async (alias) => ({ ...me, alias }));
    renderCard();
    const field = await screen.findByLabelText('Alias');
    fireEvent.change(field, { target: { value: 'anna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Choose this alias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the alias “anna”?' });
    expect(within(dialog).getByText(/cannot be changed later/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, choose it' }));
    expect(
      await screen.findByText('This alias is taken, or reads too much like one that is. Choose another.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field);
    expect(setAlias).toHaveBeenCalledWith('anna');

    fireEvent.change(field, { target: { value: 'anna-popescu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Choose this alias' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, choose it' }));
    // The answered user goes into the query cache; the page re-renders the card with it.
    await waitFor(() => expect(queryClient.getQueryData<Me>(accountKeys.me())?.alias).toBe('anna-popescu'));
  });

  it('shows the chosen alias without a field', async () => {
    renderCard({ ...me, alias: 'anna-popescu' });
    const card = await screen.findByRole('region', { name: 'Invitation link' });
    expect(within(card).getByLabelText<HTMLInputElement>('Your invitation link').value).toBe(
      `${origin()}/join/anna-popescu`,
    );
    expect(within(card).queryByLabelText('Alias')).toBeNull();
    expect(within(card).getByText('anna-popescu')).toBeTruthy();
  });
});

describe('the invitation card on Personal data', () => {
  const renderPage = (role: Role) => {
    queryClient.setQueryData(accountKeys.me(), me);
    queryClient.setQueryData(accountKeys.addresses(), []);
    queryClient.setQueryData(accountKeys.messages(), {
      topics: [{ topic: 'account', email: true, push: true, locked: true }],
      pushKey: 'key',
      devices: [],
      emailProblem: null,
    });
    return renderSignedIn(<PersonalPage />, { role, user: me });
  };

  it('is a distributor’s', async () => {
    renderPage('partner_warehouse');
    expect(await screen.findByRole('region', { name: 'Invitation link' })).toBeTruthy();
  });

  it('is not a customer’s', async () => {
    renderPage('user');
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Invitation link' })).toBeNull();
  });
});

describe('the invitation card’s actors', () => {
  function start(platform: LinkPlatform) {
    const copied = vi.fn();
    const actor = createActor(
      provideInvite({
        api: { setAlias: vi.fn() },
        queryClient,
        platform,
        refreshUser: vi.fn(),
        onLinkCopied: copied,
        onAliasSaved: vi.fn(),
      }),
      { input: inviteInput(platform) },
    ).start();
    return { actor, copied };
  }
  const url = 'https://portal.example/join/MD1000007';

  it('offers Share only with a share sheet', () => {
    expect(inviteInput({})).toEqual({ canShare: false });
    expect(inviteInput({ share: async () => {} })).toEqual({ canShare: true });
  });

  it('a dismissed share sheet is no failure: nothing is copied instead', async () => {
    const writeText = vi.fn(async () => {});
    const share = vi.fn(async () => {
      throw new DOMException('dismissed', 'AbortError');
    });
    const { actor, copied } = start({ clipboard: { writeText }, share });
    actor.send({ type: 'link.share', url, title: 'Join my team' });
    await waitForActor(actor, (snapshot) => selectInviteView(snapshot).linkStatus === 'idle');
    expect(share).toHaveBeenCalledWith({ url, title: 'Join my team' });
    expect(writeText).not.toHaveBeenCalled();
    expect(copied).not.toHaveBeenCalled();
  });

  it('a failing share sheet falls back to the clipboard', async () => {
    const writeText = vi.fn(async () => {});
    const { actor, copied } = start({
      clipboard: { writeText },
      share: async () => {
        throw new TypeError('share failed');
      },
    });
    actor.send({ type: 'link.share', url, title: 'Join my team' });
    await waitForActor(actor, () => copied.mock.calls.length > 0);
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it('without a Clipboard API the link is left to select', async () => {
    const { actor } = start({});
    actor.send({ type: 'link.copy', url });
    await waitForActor(actor, (snapshot) => selectInviteView(snapshot).linkStatus === 'copyRefused');
  });
});
