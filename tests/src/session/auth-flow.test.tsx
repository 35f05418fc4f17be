// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '#src/api/client.ts';
import { queryClient } from '#src/api/query-client.ts';
import { createAuthApi } from '#src/data/auth.ts';
import { AuthProvider } from '#src/session/auth-context.tsx';
import { NotForUserRole, PublicOnlyRoute, RequireAuth, RootRedirect } from '#src/app/auth/guards.tsx';
import { clearTokenCookie, readTokenCookie, writeTokenCookie } from '#src/api/token.ts';
import { USER_STORAGE_KEY } from '#src/session/user-storage.ts';
import LoginPage from '#src/features/login/login-page.tsx';
import { activateLocale, i18n } from '#src/i18n/i18n.ts';
import { makeToken, userFixture } from '../../support/auth.ts';

const BASE = 'http://localhost:3000/api/v3';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const tokenFor = (flags: { wh: boolean; par: boolean }, inSeconds = 3600) =>
  makeToken({ sub: '7', exp: nowSeconds() + inSeconds, ...flags });

interface FakeServer {
  /** Token the login call answers with. */
  loginToken: string;
  /** Force every /users/me call to answer 401. */
  meUnauthorized: boolean;
  emailConfirmed: boolean;
  calls: Array<{ method: string; path: string; authorization: string | null; body: string }>;
}

function fakeServer(loginToken: string): {
  server: FakeServer;
  fetch: (request: Request) => Promise<Response>;
} {
  const server: FakeServer = { loginToken, meUnauthorized: false, emailConfirmed: true, calls: [] };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname.replace('/api/v3', '');
    const body = request.method === 'GET' ? '' : await request.text();
    server.calls.push({
      method: request.method,
      path,
      authorization: request.headers.get('Authorization'),
      body,
    });
    if (path === '/users/login') {
      const form = new URLSearchParams(body);
      if (
        request.headers.get('content-type') !== 'application/x-www-form-urlencoded' ||
        form.get('password') !== 'secret-1'
      )
        return json(401, {
          code: 'INVALID_CREDENTIALS',
          status: 401,
          title: 'Unauthorized',
          message: 'Wrong e-mail or password.',
          translations: { ru: 'ru', en: 'Wrong e-mail or password.', ro: 'ro', uk: 'uk', it: 'it' },
        });
      return json(200, { access_token: server.loginToken, token_type: 'Bearer' });
    }
    if (path === '/users/me') {
      if (server.meUnauthorized || request.headers.get('Authorization') === null)
        return json(401, { code: 'UNAUTHORIZED', status: 401 });
      return json(200, userFixture({ emailConfirmed: server.emailConfirmed }));
    }
    if (path === '/users/my-warehouse') return json(404, { code: 'NOT_FOUND', status: 404 });
    if (path === '/users/lang' && request.method === 'POST') {
      const { lang } = JSON.parse(body) as { lang: 'en' };
      return json(200, userFixture({ emailConfirmed: server.emailConfirmed, lang }));
    }
    return json(404, { code: 'NOT_FOUND', status: 404 });
  };
  return { server, fetch };
}

function renderApp(path: string, fetch: (request: Request) => Promise<Response>) {
  const api = createAuthApi(createApiClient({ baseUrl: BASE, fetch }));
  const routes: RouteObject[] = [
    {
      element: (
        <AuthProvider api={api}>
          <Outlet />
        </AuthProvider>
      ),
      children: [
        { path: '/', element: <RootRedirect /> },
        { element: <PublicOnlyRoute />, children: [{ path: '/login', element: <LoginPage /> }] },
        { path: '/reset-pass', element: <p>reset page</p> },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <NotForUserRole />,
              children: [{ path: '/dashboard', element: <p>dashboard page</p> }],
            },
            { path: '/personal', element: <p>personal page</p> },
          ],
        },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(async () => {
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  clearTokenCookie();
  localStorage.clear();
  queryClient.clear();
});

describe('the auth flow in the app', () => {
  it('sends a visitor without a token from / and from a logged-in page to /login', async () => {
    const { fetch, server } = fakeServer(tokenFor({ wh: false, par: true }));
    const router = renderApp('/dashboard', fetch);
    await screen.findByLabelText('E-mail');
    expect(router.state.location.pathname).toBe('/login');
    expect(server.calls).toEqual([]);
  });

  it('logs in with form data, stores the cookie and lands on /dashboard for a partner', async () => {
    const token = tokenFor({ wh: false, par: true });
    const { fetch, server } = fakeServer(token);
    const router = renderApp('/login', fetch);
    fireEvent.input(await screen.findByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByText('dashboard page', {}, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(readTokenCookie()).toBe(token);
    expect(server.calls[0]).toMatchObject({ method: 'POST', path: '/users/login' });
    expect(new URLSearchParams(server.calls[0]?.body).get('email')).toBe('ana@example.com');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual({
        user: userFixture(),
        isAuthenticated: true,
      }),
    );
    const me = server.calls.find((call) => call.path === '/users/me');
    expect(me?.authorization).toBe(`Bearer ${token}`);
    // No language was chosen on the login page: the account's own applies and nothing is saved.
    expect(server.calls.some((call) => call.path === '/users/lang')).toBe(false);
  });

  it('shows the error and stays on /login after a wrong password', async () => {
    const { fetch } = fakeServer(tokenFor({ wh: false, par: true }));
    const router = renderApp('/login', fetch);
    fireEvent.input(await screen.findByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong e-mail or password.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(readTokenCookie()).toBeNull();
  });

  it('validates the form before sending anything', async () => {
    const { fetch, server } = fakeServer(tokenFor({ wh: false, par: true }));
    renderApp('/login', fetch);
    fireEvent.input(await screen.findByLabelText('E-mail'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address, like name@example.com.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls).toEqual([]);
  });

  it('focuses the first field in error, then checks a field again as it changes, and submits the trimmed address', async () => {
    const { fetch, server } = fakeServer(tokenFor({ wh: false, par: true }));
    const router = renderApp('/login', fetch);
    const email = await screen.findByLabelText('E-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    fireEvent.input(email, { target: { value: 'ana@' } });
    expect(await screen.findByText('Enter a valid e-mail address, like name@example.com.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    fireEvent.input(email, { target: { value: '  ana@example.com ' } });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBeNull());
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(new URLSearchParams(server.calls[0]?.body).get('email')).toBe('ana@example.com');
  });

  it('takes a valid token from the query string on /, cleans the URL and sends a USER to /personal', async () => {
    const token = tokenFor({ wh: false, par: false });
    const { fetch, server } = fakeServer(token);
    const router = renderApp(`/?token=${token}`, fetch);
    await screen.findByText('personal page');
    expect(router.state.location.pathname).toBe('/personal');
    expect(router.state.location.search).toBe('');
    expect(readTokenCookie()).toBe(token);
    expect(server.calls.every((call) => call.authorization === `Bearer ${token}`)).toBe(true);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a USER from /dashboard to /personal', async () => {
    writeTokenCookie(tokenFor({ wh: false, par: false }), Date.now() + 3_600_000);
    const { fetch } = fakeServer('');
    const router = renderApp('/dashboard', fetch);
    await screen.findByText('personal page');
    expect(router.state.location.pathname).toBe('/personal');
  });

  it('sends a logged-in visitor of /login home', async () => {
    writeTokenCookie(tokenFor({ wh: true, par: false }), Date.now() + 3_600_000);
    const { fetch } = fakeServer('');
    const router = renderApp('/login', fetch);
    await screen.findByText('dashboard page');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends an invalid query token to /login', async () => {
    const { fetch, server } = fakeServer('');
    const router = renderApp(`/?token=${tokenFor({ wh: false, par: true }, -60)}`, fetch);
    await screen.findByLabelText('E-mail');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(server.calls).toEqual([]);
  });

  it('logs out and goes to /login on a 401 from any call', async () => {
    const token = tokenFor({ wh: false, par: true });
    writeTokenCookie(token, Date.now() + 3_600_000);
    const { fetch, server } = fakeServer(token);
    server.meUnauthorized = true;
    const router = renderApp('/dashboard', fetch);
    await screen.findByLabelText('E-mail');
    expect(router.state.location.pathname).toBe('/login');
    expect(readTokenCookie()).toBeNull();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeTruthy();
  });

  it('does not leave a login path on a 401', async () => {
    const token = tokenFor({ wh: false, par: true });
    writeTokenCookie(token, Date.now() + 3_600_000);
    const { fetch, server } = fakeServer(token);
    server.meUnauthorized = true;
    const router = renderApp('/reset-pass', fetch);
    await waitFor(() => expect(readTokenCookie()).toBeNull());
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/reset-pass');
  });

  it("shows 'Need to confirm your email' instead of the logged-in pages", async () => {
    const token = tokenFor({ wh: false, par: true });
    writeTokenCookie(token, Date.now() + 3_600_000);
    const { fetch, server } = fakeServer(token);
    server.emailConfirmed = false;
    renderApp('/dashboard', fetch);
    expect(await screen.findByRole('heading', { name: 'Need to confirm your email' })).toBeTruthy();
    expect(screen.queryByText('dashboard page')).toBeNull();

    server.emailConfirmed = true;
    fireEvent.click(screen.getByRole('button', { name: 'I have confirmed it' }));
    await screen.findByText('dashboard page');
  });
});
