import { useLingui } from '@lingui/react/macro';
import { NavLink } from 'react-router-dom';
import type { NavItem } from './nav-items.ts';

export interface MainNavProps {
  id: string;
  items: readonly NavItem[];
  /** On phones the list shows only when the menu button opened it; wider screens always show it. */
  open: boolean;
}

export function MainNav({ id, items, open }: MainNavProps) {
  const { t, i18n } = useLingui();
  return (
    <nav id={id} className="main-nav" data-open={open} aria-label={t`Main navigation`}>
      <ul className="main-nav__list container">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="main-nav__link">
              {i18n._(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
