// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '#src/api/query-client.ts';
import { clearTokenCookie } from '#src/api/token.ts';
import { chartModelOf, indexOfMax, thinningStep } from '#src/features/charts/chart-model.ts';
import ChartsPage from '#src/features/charts/charts-page.tsx';
import { type ClosedStats } from '#src/data/business.ts';
import { businessKeys } from '#src/data/keys.ts';
import { activateLocale } from '#src/i18n/i18n.ts';
import { renderSignedIn } from '#tests/support/render-signed-in.tsx';

const closedStatsQueryKey = businessKeys.closedStats();

// jsdom has no canvas: the uPlot wrapper is replaced by a stand-in that shows what it would plot.
vi.mock('#src/features/charts/uplot-chart.tsx', () => ({
  UPlotChart: ({
    labels,
    series,
    summary,
  }: {
    labels: Array<{ month: string }>;
    series: Array<{ values: number[] }>;
    summary: string;
  }) => (
    <div
      role="slider"
      aria-label={summary}
      data-testid="plot"
      data-labels={labels.map((label) => label.month).join('|')}
      data-series={JSON.stringify(series.map((s) => s.values))}
    />
  ),
}));

const stats: ClosedStats = {
  currency: 'MDL',
  months: [
    { month: '2026-05', pv: 232.5, gv: 80800, cgv: 6491302.63, pgv: 11548, bonus: 11571165 },
    { month: '2026-06', pv: 238.5, gv: 83035.5, cgv: 6574338.13, pgv: 18403.5, bonus: 11609355 },
    { month: '2026-07', pv: 0, gv: 0, cgv: 6574338.13, pgv: 0, bonus: 0 },
    { month: '2026-08', pv: 233, gv: 86430, cgv: 6744596.63, pgv: 7952.5, bonus: 10991145 },
    { month: '2026-09', pv: 174.5, gv: 84394.5, cgv: 6828991.13, pgv: 26219.5, bonus: 18674265 },
    { month: '2026-10', pv: 314.5, gv: 84034.5, cgv: 6913025.63, pgv: 18392, bonus: 16593540 },
  ],
};

beforeAll(async () => {
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  clearTokenCookie();
  queryClient.clear();
});

describe('chart model', () => {
  it('thins month labels so that they fit their columns', () => {
    expect(thinningStep(40, 80)).toBe(1);
    expect(thinningStep(60, 40)).toBe(2);
    expect(thinningStep(130, 40)).toBe(4);
    expect(thinningStep(40, 0)).toBe(1);
  });

  it('plots PV, GV and PGV in points and the bonus in major units, oldest month first', () => {
    const model = chartModelOf(stats);
    expect(model.months).toEqual(['2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10']);
    expect(model.group.find((series) => series.key === 'gv')?.values).toEqual(stats.months.map((m) => m.gv));
    expect(model.pv.values).toEqual(stats.months.map((m) => m.pv));
    expect(model.bonus.values).toEqual([115711.65, 116093.55, 0, 109911.45, 186742.65, 165935.4]);
    expect(indexOfMax(model.bonus.values)).toBe(4);
    expect(indexOfMax([])).toBe(-1);
  });
});

describe('/charts', () => {
  it('draws three labelled charts (PV on its own) and a table of the same figures', async () => {
    queryClient.setQueryData(closedStatsQueryKey, stats);
    renderSignedIn(<ChartsPage />, { role: 'partner' });

    const table = await screen.findByRole('table', {
      name: 'Volumes and bonuses of the last 6 closed months',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(within(rows[4] as HTMLElement).getByRole('rowheader').textContent).toBe('September 2026');
    expect(rows[4]?.querySelector('[data-field="bonus"]')?.textContent?.replace(/\s/g, ' ')).toBe(
      'MDL 186,742.65',
    );
    expect(rows[0]?.querySelector('[data-field="cgv"]')?.textContent).toBe('6,491,302.63');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(6);

    const pictures = screen.getAllByRole('slider');
    expect(pictures).toHaveLength(3);
    const bonus = document.querySelector('[data-chart="bonus"]');
    expect(
      bonus?.querySelector('[role="slider"]')?.getAttribute('aria-label')?.replace(/\s/g, ' '),
    ).toContain('Highest bonus: MDL 186,742.65 in September 2026');
    const plotted = JSON.parse(
      bonus?.querySelector('[data-testid="plot"]')?.getAttribute('data-series') ?? '[]',
    );
    expect(plotted).toEqual([chartModelOf(stats).bonus.values]);
  });
});
