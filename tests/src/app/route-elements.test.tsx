// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { data, Link, MemoryRouter, Outlet, type RouteObject, useRoutes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary, RootErrorBoundary } from '#src/app/error-boundary.tsx';
import { toElementRoutes } from '#src/app/route-elements.tsx';
import { activateLocale, i18n } from '#src/i18n/i18n.ts';

/** The app renders its route table in declarative mode: the same table must behave as under the data router. */
function Layout() {
  return (
    <main>
      <nav>
        <Link to="/home">Home link</Link>
      </nav>
      <Outlet />
    </main>
  );
}

function Crash(): never {
  throw new Error('render failed');
}

const requireNumericId = ({ params }: { params: Record<string, string | undefined> }) => {
  if (!/^\d+$/.test(params.id ?? '')) throw data('Not Found', { status: 404, statusText: 'Not Found' });
  return null;
};

const table: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RootErrorBoundary />,
    children: [
      { path: '/home', element: <p>Home screen</p>, errorElement: <RouteErrorBoundary /> },
      {
        path: '/lazy',
        lazy: async () => ({ Component: () => <p>Lazy screen</p> }),
        errorElement: <RouteErrorBoundary />,
      },
      {
        path: '/items/:id',
        loader: requireNumericId,
        lazy: async () => ({ Component: () => <p>Item screen</p> }),
        errorElement: <RouteErrorBoundary />,
      },
      { path: '/crash', element: <Crash />, errorElement: <RouteErrorBoundary /> },
    ],
  },
];

function Routes() {
  return useRoutes(toElementRoutes(table, <p>Loading screen</p>));
}

function renderAt(path: string) {
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes />
      </MemoryRouter>
    </I18nProvider>,
  );
}

describe('the route table in declarative mode (toElementRoutes)', () => {
  beforeAll(async () => {
    await activateLocale('en');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('loads a lazy screen inside its layout', async () => {
    renderAt('/lazy');
    expect(await screen.findByText('Lazy screen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home link' })).toBeTruthy();
  });

  it('runs the loader guard: a good id shows the screen, a bad one Not Found inside the layout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/items/12');
    expect(await screen.findByText('Item screen')).toBeTruthy();
    cleanup();
    renderAt('/items/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeTruthy();
    expect(screen.queryByText('Item screen')).toBeNull();
    expect(screen.getByRole('link', { name: 'Home link' })).toBeTruthy();
  });

  it("shows 'Something went wrong!' for a failing screen, and the next navigation clears it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/crash');
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    await act(async () => screen.getByRole('link', { name: 'Home link' }).click());
    expect(await screen.findByText('Home screen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong!' })).toBeNull();
  });
});
