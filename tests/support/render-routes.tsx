import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { LanguageProvider } from '../../src/session/session-runtime.tsx';
import { i18n } from '../../src/i18n/i18n.ts';

/**
 * Renders routes in a memory router inside the app's I18nProvider, at `path`, with a fresh query cache and the
 * app-wide language actor (the header's switcher sends it its events).
 */
export function renderRoutes(routes: RouteObject[], path: string): RenderResult {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

/** Renders one element at `/` of a memory router, inside the I18nProvider. */
export function renderInRouter(element: ReactElement, path = '/'): RenderResult {
  return renderRoutes([{ path: '*', element }], path);
}
