import { useLingui } from '@lingui/react/macro';
import { useDisclosure } from './use-disclosure.ts';

export interface UserMenuProps {
  /** The signed-in user's name, or their e-mail when the profile has not loaded yet. */
  name: string | null;
  email: string | null;
  onLogout: () => void;
}

export function UserMenu({ name, email, onLogout }: UserMenuProps) {
  const { t } = useLingui();
  const { open, toggle, panelId, buttonRef, containerRef } = useDisclosure();
  const shown = name ?? email ?? t`My account`;
  return (
    <div className="user-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {shown.trim().charAt(0).toUpperCase()}
        </span>
        <span className="user-menu__name">{shown}</span>
        <span className="visually-hidden">{t`Account menu`}</span>
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        {email ? <p className="user-menu__email">{email}</p> : null}
        <button type="button" className="button button--secondary user-menu__logout" onClick={onLogout}>
          {t`Log out`}
        </button>
      </div>
    </div>
  );
}
