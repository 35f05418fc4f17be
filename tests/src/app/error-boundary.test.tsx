// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { data, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { classifyRouteError, NotFoundError, RouteErrorBoundary } from '#src/app/error-boundary.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import { renderRoutes } from '../../support/render-routes.tsx';

function failingRoute(path: string, failure: () => never, viaLoader = false): RouteObject {
  function Failing(): never {
    return failure();
  }
  return viaLoader
    ? { path, loader: () => failure(), element: <p>unreachable</p>, errorElement: <RouteErrorBoundary /> }
    : { path, element: <Failing />, errorElement: <RouteErrorBoundary /> };
}

const routes: RouteObject[] = [
  failingRoute('/crash', () => {
    throw new Error('render failed');
  }),
  failingRoute('/server-error', () => {
    throw { status: 500, code: 'INTERNAL', message: 'boom' };
  }),
  failingRoute(
    '/loader-404',
    () => {
      throw data('Not Found', { status: 404 });
    },
    true,
  ),
  failingRoute('/api-404', () => {
    throw { status: 404, code: 'NOT_FOUND', title: 'Not Found' };
  }),
  failingRoute('/missing', () => {
    throw new NotFoundError('order 12');
  }),
  { path: '/', element: <p>Home</p> },
];

describe('the route error boundary', () => {
  beforeAll(async () => {
    await activateLocale('en');
  });
  afterEach(cleanup);

  it("shows 'Something went wrong!' with a reload button and a way home for an unexpected failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes(routes, '/crash');
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('treats a server failure other than 404 as unexpected', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes(routes, '/server-error');
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
  });

  it.each(['/loader-404', '/api-404', '/missing'])(
    "shows 'Not Found' for a missing object (%s)",
    async (path) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    },
  );

  it('speaks the active language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await activateLocale('ru');
    renderRoutes(routes, '/crash');
    expect(await screen.findByRole('heading', { name: 'Что-то пошло не так!' })).toBeTruthy();
    await activateLocale('en');
  });
});

describe('classifyRouteError', () => {
  it('sorts failures into a missing object or an unexpected failure', () => {
    expect(classifyRouteError(new NotFoundError())).toBe('not-found');
    expect(classifyRouteError({ status: 404 })).toBe('not-found');
    expect(classifyRouteError({ status: 403, code: 'FORBIDDEN' })).toBe('unexpected');
    expect(classifyRouteError(new TypeError('x is undefined'))).toBe('unexpected');
    expect(classifyRouteError(undefined)).toBe('unexpected');
  });
});
