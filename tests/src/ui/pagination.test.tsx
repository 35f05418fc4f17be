// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '#src/i18n/i18n.ts';
import { Pagination, pageCount, visiblePages } from '#src/ui/pagination.tsx';
import { renderInRouter } from '../../support/render-routes.tsx';

describe('visiblePages', () => {
  it('keeps the first, the last and the neighbours of the current page, gaps as one ellipsis', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(visiblePages(2, 4)).toEqual([1, 2, 3, 4]);
    // A gap of a single page shows that page rather than an ellipsis standing for one number.
    expect(visiblePages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(visiblePages(1, 9)).toEqual([1, 2, 'gap', 9]);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});

describe('the one pager', () => {
  afterEach(cleanup);

  it('renders nothing when everything fits on one page', async () => {
    await activateLocale('en');
    const { container } = renderInRouter(<Pagination page={1} pageSize={20} total={20} onPage={() => {}} />);
    expect(container.querySelector('nav')).toBeNull();
  });

  it('as buttons: marks the current page, asks for the page clicked, and the ends are inert where there is nowhere to go', async () => {
    await activateLocale('en');
    const onPage = vi.fn();
    renderInRouter(<Pagination page={1} pageSize={10} total={95} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const current = within(nav).getByRole('button', { name: 'Page 1' });
    expect(current.getAttribute('aria-current')).toBe('page');
    // Page 1 of 10: "previous" is there but disabled (so out of the tab order).
    const previous = within(nav).getByRole<HTMLButtonElement>('button', { name: 'Previous page' });
    expect(previous.disabled).toBe(true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 10' }));
    expect(onPage).toHaveBeenLastCalledWith(10);
    fireEvent.click(current);
    expect(onPage).toHaveBeenCalledTimes(2);
    // The compact form for narrow widths says where we are.
    expect(nav.textContent).toContain('1 of 10');
  });

  it('as links: each page is the address the list gives it, and the summary slot is shown', async () => {
    await activateLocale('en');
    renderInRouter(
      <Pagination
        page={5}
        pageSize={24}
        total={240}
        hrefFor={(page) => `/new-order?page=${page}`}
        summary="240 goods"
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/new-order?page=6',
    );
    expect(within(nav).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      '/new-order?page=4',
    );
    expect(within(nav).getByRole('link', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['‹Previous', '1', '4', '5', '6', '10', 'Next›']);
    expect(within(nav).getByText('240 goods')).toBeTruthy();
    // On the last page "next" is a link with nowhere to go: named, marked unavailable, no address.
    cleanup();
    renderInRouter(
      <Pagination page={10} pageSize={24} total={240} hrefFor={(page) => `/new-order?page=${page}`} />,
    );
    const end = screen.getByRole('link', { name: 'Next page' });
    expect(end.getAttribute('aria-disabled')).toBe('true');
    expect(end.getAttribute('href')).toBeNull();
  });

  it('writes numbers through Intl in the active language', async () => {
    await activateLocale('ru');
    renderInRouter(<Pagination page={1200} pageSize={10} total={25_000} onPage={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Страницы' });
    const last = new Intl.NumberFormat('ru').format(2500);
    expect(last).not.toBe('2500');
    expect(within(nav).getByRole('button', { name: `Страница ${last}` }).textContent).toBe(last);
    expect(within(nav).getByRole('button', { name: 'Следующая страница' })).toBeTruthy();
  });
});
