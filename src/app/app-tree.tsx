import { StrictMode, type ReactNode } from 'react';
import { type PrerenderedSession, PrerenderedSessionProvider } from '../session/auth-context.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The app's tree, one for both sides of a server-rendered first screen: the server renders it in a static router
 * (src/prerender/server-entry.tsx) and the browser renders or hydrates it in its own (src/main.tsx), so the two
 * are the same tree. `session`: the session that page was rendered with, or `null` (every other render).
 */
export function appTree(
  session: PrerenderedSession | null,
  inRouter: (routes: ReactNode) => ReactNode,
): ReactNode {
  const routes = <AppRoutes />;
  return (
    <StrictMode>
      <Providers>
        {inRouter(
          session === null ? (
            routes
          ) : (
            <PrerenderedSessionProvider value={session}>{routes}</PrerenderedSessionProvider>
          ),
        )}
      </Providers>
    </StrictMode>
  );
}
