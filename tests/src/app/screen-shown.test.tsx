// @vitest-environment jsdom
// A routed screen says when it is the app's (src/app/route-elements.tsx `ScreenShown`): the page's take-over waits for
// it, since React hydrates the screen inside its Suspense boundary after the layout (src/main.tsx).
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { toElementRoutes } from '#src/app/route-elements.tsx';
import { activateLocale, i18n } from '#src/i18n/i18n.ts';
import { afterScreenShown } from '#src/platform/first-screen.ts';

describe('a routed screen', () => {
  it('is said to be shown once it has rendered, not while its code loads', async () => {
    await activateLocale('en');
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const routes = toElementRoutes(
      [
        {
          path: '/slow',
          lazy: async () => {
            await loaded;
            return { Component: () => <p>Slow screen</p> };
          },
        },
      ],
      <p>Loading screen</p>,
    );
    function Routes() {
      return useRoutes(routes);
    }
    let shown = false;
    void afterScreenShown().then(() => (shown = true));
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/slow']}>
          <Routes />
        </MemoryRouter>
      </I18nProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Slow screen')).toBeNull();
    expect(shown, 'not while the screen loads').toBe(false);
    release();
    expect(await screen.findByText('Slow screen')).toBeTruthy();
    await afterScreenShown();
    expect(shown).toBe(true);
  });
});
