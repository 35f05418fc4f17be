import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import type { AuthUser, AuthWarehouse } from '../../machines/auth/auth.types.ts';
import { createApiClient } from '../../src/api/client.ts';
import { queryClient } from '../../src/api/query-client.ts';
import { createAuthApi } from '../../src/data/auth.ts';
import { AuthProvider } from '../../src/session/auth-context.tsx';
import { writeTokenCookie } from '../../src/api/token.ts';
import { i18n } from '../../src/i18n/i18n.ts';
import { makeToken, userFixture, warehouseFixture } from './auth.ts';

export type Role = 'partner' | 'warehouse' | 'partner_warehouse' | 'user';

const FLAGS: Record<Role, { wh: boolean; par: boolean }> = {
  partner: { wh: false, par: true },
  warehouse: { wh: true, par: false },
  partner_warehouse: { wh: true, par: true },
  user: { wh: false, par: false },
};

export interface Session {
  /** Every call the auth layer made (path after /api/v3). */
  calls: string[];
  result: RenderResult;
}

/**
 * Renders a screen inside the app's providers with a signed-in session of `role`: a token cookie, an auth actor whose
 * `/users/me` and `/users/my-warehouse` come from fixtures, and the app's query cache (seed it before rendering).
 */
export function renderSignedIn(
  element: ReactElement,
  {
    role,
    user,
    warehouse = warehouseFixture,
  }: { role: Role; user?: AuthUser; warehouse?: AuthWarehouse | null },
): Session {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  writeTokenCookie(makeToken({ sub: '7', exp, sv: 1, ...FLAGS[role] }), exp * 1000);
  const calls: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname.replace('/api/v3', '');
    calls.push(path);
    if (path === '/users/me') return json(200, user ?? userFixture({ lang: 'en' }));
    if (path === '/users/my-warehouse')
      return warehouse === null ? json(404, { status: 404, code: 'NOT_FOUND' }) : json(200, warehouse);
    return json(404, { status: 404, code: 'NOT_FOUND' });
  };
  const api = createAuthApi(createApiClient({ baseUrl: 'http://localhost/api/v3', fetch }));
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider api={api}>
            <Outlet />
          </AuthProvider>
        ),
        children: [{ path: '*', element }],
      },
    ],
    { initialEntries: ['/screen'] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { calls, result };
}
