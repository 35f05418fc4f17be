// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import NotFoundPage from '#src/features/not-found/not-found-page.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';
import { renderInRouter } from '#tests/support/render-routes.tsx';

describe('the not-found page (spec section 2)', () => {
  afterEach(cleanup);

  it("says 'Sorry, page not found!', hints at a mistyped address and links home", async () => {
    await activateLocale('en');
    renderInRouter(<NotFoundPage />, '/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, page not found!' })).toBeTruthy();
    expect(screen.getByText(/address was mistyped/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('is translated (Russian, the default language)', async () => {
    await activateLocale('ru');
    renderInRouter(<NotFoundPage />, '/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Извините, страница не найдена!' }),
    ).toBeTruthy();
  });
});
