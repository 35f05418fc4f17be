import { I18nProvider } from '@lingui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { i18n } from '../../../src/i18n/i18n.ts';

/** Renders routes in a memory router inside the app's I18nProvider, at `path`. */
export function renderRoutes(routes: RouteObject[], path: string): RenderResult {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

/** Renders one element at `/` of a memory router, inside the I18nProvider. */
export function renderInRouter(element: ReactElement, path = '/'): RenderResult {
  return renderRoutes([{ path: '*', element }], path);
}
