import { selectIsAuthenticated, selectRole, selectUser } from '../../../machines/auth/auth.selectors.ts';
import { useAuthSelector, useAuthSend } from '../auth/auth-context.tsx';
import { AppHeader } from './app-header.tsx';

/** The header fed by the auth machine. */
export function ConnectedHeader() {
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const role = useAuthSelector(selectRole);
  const user = useAuthSelector(selectUser);
  const send = useAuthSend();
  return (
    <AppHeader
      role={role}
      authenticated={authenticated}
      userName={user?.fullName || null}
      userEmail={user?.email ?? null}
      onLogout={() => send({ type: 'auth.logout' })}
    />
  );
}
