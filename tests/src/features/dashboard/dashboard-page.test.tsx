// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '#src/api/query-client.ts';
import { clearTokenCookie } from '#src/api/token.ts';
import DashboardPage from '#src/features/dashboard/dashboard-page.tsx';
import { type MyInfo, type MyTarget } from '#src/data/business.ts';
import { businessKeys } from '#src/data/keys.ts';
import { activateLocale } from '#src/i18n/i18n.ts';
import { renderSignedIn } from '#tests/support/render-signed-in.tsx';

const myInfoQueryKey = businessKeys.myInfo();
const myTargetQueryKey = businessKeys.myTarget();

const name = (en: string) => ({ ru: en, en, ro: en, uk: en, it: en });

export const myInfoFixture: MyInfo = {
  rank: 'director',
  prn: 'MD1000042',
  signingDate: '2019-05-14',
  qualifications: [
    { code: 'active', name: name('Active'), achieved: true },
    { code: 'fast_start', name: name('Fast start'), achieved: false },
  ],
  period: { start: '2026-11-01', end: '2026-11-30', daysLeft: 10 },
  volumes: { pv: 12.5, gv: 89317.5, cgv: 7002343.13, pgv: 44523.5 },
  isActive: false,
  isQualified: false,
  pickupThresholds: { pvPositive: true, pvAtLeast25: false, minPv: 25 },
  bonuses: { currentMonth: 23715855, last11Months: 155725020, currency: 'MDL' },
  closedMonths: [
    { month: '2026-10', pv: 314.5, gv: 84034.5, bonus: 16593540 },
    { month: '2026-09', pv: 174.5, gv: 84394.5, bonus: 18674265 },
  ],
};

const targetFixture: MyTarget = {
  currentRank: 'director',
  nextRank: 'silver_director',
  requirements: [
    { code: 'pv', label: name('Personal volume (PV)'), required: 100, actual: 12.5, missing: 87.5 },
    { code: 'gv', label: name('Group volume (GV)'), required: 50000, actual: 89317.5, missing: 0 },
  ],
};

beforeAll(async () => {
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  clearTokenCookie();
  queryClient.clear();
  localStorage.clear();
});

describe('Main (/dashboard)', () => {
  it("shows a distributor's figures, the missing requirements and 'for 11 months'", async () => {
    queryClient.setQueryData(myInfoQueryKey, myInfoFixture);
    queryClient.setQueryData(myTargetQueryKey, targetFixture);
    renderSignedIn(<DashboardPage />, { role: 'partner' });

    expect(await screen.findByText('MD1000042')).toBeTruthy();
    expect(document.querySelector('[data-field="rank"]')?.textContent).toBe('Director');
    expect(document.querySelector('[data-field="gv"]')?.textContent).toBe('89,317.5');
    expect(document.querySelector('[data-field="cgv"]')?.textContent).toBe('7,002,343.13');
    // A long figure shows compact (never wrapping mid-number), the exact one as its title and for screen readers.
    const cgv = document.querySelector('[data-field="cgv"]')?.closest('.tabular-figure');
    expect(cgv?.getAttribute('title')).toBe('7,002,343.13');
    expect(cgv?.querySelector('[data-compact]')?.textContent).toBe('7M');
    expect(document.querySelector('[data-field="gv"]')?.textContent).toBe('89,317.5');
    expect(document.querySelector('[data-field="bonusLast11Months"]')?.textContent?.replace(/\s/g, ' ')).toBe(
      'MDL 1,557,250.20',
    );
    expect(screen.getByText('For 11 months')).toBeTruthy();
    expect(document.querySelector('[data-field="daysLeft"]')?.textContent).toBe(
      '10 days until the period closes',
    );
    expect(document.querySelector('[data-field="pvAtLeast25"]')?.getAttribute('data-achieved')).toBe('false');
    expect(screen.getByText('12.5 PV to go this period.')).toBeTruthy();

    const pv = document.querySelector('[data-requirement="pv"]');
    expect(pv?.textContent).toContain('Still missing: 87.5');
    expect(document.querySelector('[data-requirement="gv"]')?.textContent).toContain('Done');
    expect(document.querySelector('[data-field="nextRank"]')?.textContent).toBe('Next rank: Silver Director');

    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: 'October 2026' })).toBeTruthy();
  });

  it('shows skeletons while the figures load', async () => {
    renderSignedIn(<DashboardPage />, { role: 'partner' });
    expect(await screen.findByText('Loading your figures…')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"] .skeleton')).not.toBeNull();
  });

  it('shows a warehouse-only account its warehouse, without the distributor calls', async () => {
    const { calls } = renderSignedIn(<DashboardPage />, { role: 'warehouse' });
    expect((await screen.findByText('Chișinău central')).getAttribute('data-field')).toBe('warehouseName');
    expect(screen.getByRole('link', { name: 'Warehouse orders' }).getAttribute('href')).toBe(
      '/my-orders-warehouse',
    );
    expect(
      calls.some((path) => path.startsWith('/users/my-info') || path.startsWith('/users/my-target')),
    ).toBe(false);
    expect(queryClient.getQueryState(myInfoQueryKey)).toBeUndefined();
  });
});
