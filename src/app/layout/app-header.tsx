import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AuthRole } from '#machines/auth/auth.types.ts';
import { Brand } from './brand.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { MainNav } from './main-nav.tsx';
import { type NavItem, navItemsFor } from './nav-items.ts';
import { useDisclosure } from './use-disclosure.ts';
import { UserMenu } from './user-menu.tsx';

export interface AppHeaderProps {
  role: AuthRole;
  authenticated: boolean;
  userName: string | null;
  userEmail: string | null;
  onLogout: () => void;
  /** The shopping-bag link with its count, for roles that have a bag (rendered only when logged in). */
  bagLink?: ReactNode;
  /** A shop client's link to their distributor's shop, first in the navigation. */
  shopItem?: NavItem | null;
}

/** The site header: brand, navigation for the role (a menu button on phones), language, account. */
export function AppHeader({
  role,
  authenticated,
  userName,
  userEmail,
  onLogout,
  bagLink,
  shopItem = null,
}: AppHeaderProps) {
  const { t } = useLingui();
  const { open, toggle, panelId, buttonRef, containerRef } = useDisclosure();
  const roleItems = authenticated ? navItemsFor(role) : [];
  const items = shopItem === null || !authenticated ? roleItems : [shopItem, ...roleItems];
  return (
    <header className="app-header">
      <div ref={containerRef}>
        <div className="app-header__bar container">
          <Brand />
          <div className="app-header__tools">
            <LanguageSwitcher authenticated={authenticated} />
            {authenticated ? bagLink : null}
            {authenticated ? <UserMenu name={userName} email={userEmail} onLogout={onLogout} /> : null}
            {items.length > 0 ? (
              <button
                ref={buttonRef}
                type="button"
                className="menu-button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={toggle}
              >
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  {open ? (
                    <path
                      d="M6 6l12 12M18 6L6 18"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  ) : (
                    <path
                      d="M4 7h16M4 12h16M4 17h16"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  )}
                </svg>
                <span className="menu-button__label">{t`Menu`}</span>
              </button>
            ) : null}
          </div>
        </div>
        {items.length > 0 ? <MainNav id={panelId} items={items} open={open} /> : null}
      </div>
    </header>
  );
}
