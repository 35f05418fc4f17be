import { Brand } from './brand.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

/** The header of pages shown outside the auth context (a failure of the app's own frame). */
export function BareHeader() {
  return (
    <header className="app-header">
      <div className="app-header__bar container">
        <Brand />
        <div className="app-header__tools">
          <LanguageSwitcher authenticated={false} />
        </div>
      </div>
    </header>
  );
}
