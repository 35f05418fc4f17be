import { lazy, Suspense } from 'react';
import { selectIsAuthenticated, selectRole, selectUser } from '#machines/auth/auth.selectors.ts';
import { useAuthSelector, useAuthSend } from '../../session/auth-context.tsx';
import { PATHS } from '../../ui/paths.ts';
import { AppHeader } from './app-header.tsx';

/** The bag's count reads the query cache: it loads with the signed-in header, not with a logged-out page. */
const BagLink = lazy(() => import('./bag-link.tsx').then(({ BagLink }) => ({ default: BagLink })));
import { navItemsFor, shopNavItem } from './nav-items.ts';

/** The header fed by the auth machine. */
export function ConnectedHeader() {
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const role = useAuthSelector(selectRole);
  const user = useAuthSelector(selectUser);
  const send = useAuthSend();
  const hasBag = authenticated && navItemsFor(role).some((item) => item.to === PATHS.shoppingBag);
  const shop = user?.shop ?? null;
  return (
    <AppHeader
      role={role}
      authenticated={authenticated}
      userName={user?.fullName || null}
      userEmail={user?.email ?? null}
      onLogout={() => send({ type: 'auth.logout' })}
      shopItem={shop === null ? null : shopNavItem(shop)}
      bagLink={
        hasBag ? (
          <Suspense fallback={null}>
            <BagLink />
          </Suspense>
        ) : null
      }
    />
  );
}
