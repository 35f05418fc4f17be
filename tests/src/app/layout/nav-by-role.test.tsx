// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthRole } from '#machines/auth/auth.types.ts';
import { AppHeader } from '#src/app/layout/app-header.tsx';
import { navItemsFor, shopNavItem } from '#src/app/layout/nav-items.ts';
import { activateLocale, i18n } from '#src/i18n/i18n.ts';
import { renderInRouter } from '#tests/support/render-routes.tsx';

const PARTNER = [
  ['Main', '/dashboard'],
  ['My Network', '/my-distributers'],
  ['Products', '/new-order'],
  ['Orders', '/my-orders'],
  ['Shopping Bag', '/shopping-bag'],
  ['Wishlist', '/wishlist'],
  ['Promotions and Ratings', '/promotions'],
  ['Charts', '/charts'],
  ['Documents', '/documents'],
  ['Client base', '/client-base'],
  ['Personal data', '/personal'],
];

const EXPECTED: Record<AuthRole, string[][]> = {
  partner: PARTNER,
  partner_warehouse: [
    ...PARTNER.slice(0, 4),
    ['Warehouse orders', '/my-orders-warehouse'],
    ['1C exchange', '/exchange-1c'],
    ...PARTNER.slice(4),
  ],
  warehouse: [
    ['Main', '/dashboard'],
    ['Warehouse orders', '/my-orders-warehouse'],
    ['1C exchange', '/exchange-1c'],
    ['Personal data', '/personal'],
  ],
  user: [
    ['Personal data', '/personal'],
    ['Products', '/new-order'],
    ['Orders', '/my-orders'],
    ['Shopping Bag', '/shopping-bag'],
    ['Wishlist', '/wishlist'],
    ['Documents', '/documents'],
  ],
  unspecified: [],
};

function renderHeader(role: AuthRole, onLogout = vi.fn()) {
  return renderInRouter(
    <AppHeader
      role={role}
      authenticated
      userName="Ana Popescu"
      userEmail="ana@example.com"
      onLogout={onLogout}
    />,
    '/personal',
  );
}

describe('navigation by role', () => {
  beforeAll(async () => {
    await activateLocale('en');
  });
  afterEach(cleanup);

  it.each(Object.keys(EXPECTED) as AuthRole[])('gives %s the spec labels in order', (role) => {
    const items = navItemsFor(role).map((item) => [i18n._(item.label), item.to]);
    expect(items).toEqual(EXPECTED[role]);
  });

  it('only warehouse roles see Warehouse orders; a USER has no Main', () => {
    const sees = (role: AuthRole, path: string) => navItemsFor(role).some((item) => item.to === path);
    expect(sees('warehouse', '/my-orders-warehouse')).toBe(true);
    expect(sees('partner_warehouse', '/my-orders-warehouse')).toBe(true);
    expect(sees('partner', '/my-orders-warehouse')).toBe(false);
    expect(sees('user', '/my-orders-warehouse')).toBe(false);
    expect(sees('user', '/dashboard')).toBe(false);
  });

  it('renders the role navigation as links, marking the current page', () => {
    renderHeader('user');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(EXPECTED.user);
    expect(within(nav).getByRole('link', { name: 'Personal data' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it("puts a shop client's shop first, by the distributor's alias, else their PRN", () => {
    const shop = shopNavItem({ alias: 'elena-ciobanu', prn: 'MD1000001', fullName: 'Elena Ciobanu' });
    expect([i18n._(shop.label), shop.to]).toEqual(["Elena Ciobanu's shop", '/s/elena-ciobanu']);
    expect(shopNavItem({ alias: null, prn: 'MD1000001', fullName: 'Elena Ciobanu' }).to).toBe('/s/MD1000001');
    renderInRouter(
      <AppHeader
        role="user"
        authenticated
        userName="Ana Popescu"
        userEmail="ana@example.com"
        onLogout={vi.fn()}
        shopItem={shop}
      />,
      '/personal',
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ["Elena Ciobanu's shop", '/s/elena-ciobanu'],
      ...EXPECTED.user,
    ]);
  });

  it('opens the phone menu with its button and closes it with Escape, focus back on the button', () => {
    renderHeader('partner');
    const button = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(nav.id);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(nav.getAttribute('data-open')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes the phone menu when a link is followed', () => {
    renderHeader('partner');
    const button = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('link', { name: 'Charts' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('has a user menu with the account and a working logout', () => {
    const onLogout = vi.fn();
    renderHeader('partner', onLogout);
    const account = screen.getByRole('button', { name: /Ana Popescu/ });
    expect(account.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('offers the five languages by their own names', () => {
    renderHeader('user');
    const select = screen.getByRole('combobox', { name: 'Language' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Русский', 'English', 'Română', 'Українська', 'Italiano']);
  });

  it('shows no navigation to a visitor who is not logged in', () => {
    renderInRouter(
      <AppHeader
        role="unspecified"
        authenticated={false}
        userName={null}
        userEmail={null}
        onLogout={vi.fn()}
      />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });
});
