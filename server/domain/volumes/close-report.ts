/** What `npm run period:close` prints about a close (server/domain/volumes/close-cli.ts). */
import type { CloseResult } from './close.ts';

/** Minor units as `1,234,567.89 MDL`, from integers only. */
function money(minor: number, currency: string): string {
  const whole = new Intl.NumberFormat('en-GB').format(Math.trunc(Math.abs(minor) / 100));
  return `${minor < 0 ? '-' : ''}${whole}.${String(Math.abs(minor) % 100).padStart(2, '0')} ${currency}`;
}

/** The report the command prints (also what the tests read). */
export function report(result: CloseResult, currency: string): string {
  const { totals } = result;
  const heading =
    result.outcome === 'dry_run'
      ? `Dry run: closing ${totals.month} would write (nothing was changed):`
      : result.outcome === 'already_closed'
        ? `${totals.month} was closed already (at ${result.closedAt ?? '?'}); nothing to do. Its totals:`
        : `Closed ${totals.month}:`;
  const ranks = Object.entries(totals.ranks)
    .sort((a, b) => b[1] - a[1])
    .map(([rank, count]) => `${rank} ${count}`)
    .join(', ');
  return [
    heading,
    `  members     ${totals.members} (${totals.carried} without volume, ${totals.active} active)`,
    `  PV          ${totals.pv.toFixed(2)}`,
    `  bonus lines ${totals.lines}`,
    `  bonuses     ${money(totals.bonus, currency)}`,
    `  paid-as     ${ranks}`,
    `  new qualifications ${totals.qualifications}, ranks raised ${totals.ranksRaised}, members to tell ${totals.messages}`,
  ].join('\n');
}
