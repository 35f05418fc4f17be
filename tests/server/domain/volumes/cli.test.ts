// `npm run period:close`: what an operator sees for a bad month, a month not over, a dry run, a close and a second one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PERIOD_TIME_ZONE, monthStart, shiftMonth } from '#server/domain/network/period.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'period-close-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function run(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['server/domain/volumes/close-cli.ts', ...args, '--data-dir', dataDir],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', JWT_SECRET: 'cli-test-secret-0123456789-0123456789-ab' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run period:close', () => {
  it('refuses a bad month or one not over, closes a month once, and says so', async () => {
    const bad = await run('--month', '2026-13');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('"2026-13" is not a month: write it as YYYY-MM');
    const missing = await run();
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('--month is required');

    const next = shiftMonth(monthStart(new Date(), 0, DEFAULT_PERIOD_TIME_ZONE), 1).slice(0, 7);
    const open = await run('--month', next);
    expect(open.code).toBe(1);
    expect(open.out).toContain(`${next} is not over yet`);

    const dry = await run('--month', '2025-01', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Dry run: closing 2025-01 would write (nothing was changed):');
    const closed = await run('--month', '2025-01');
    expect(closed.code).toBe(0);
    expect(closed.out).toContain('Closed 2025-01:');
    expect(closed.out).toContain('bonuses     0.00 MDL');
    const again = await run('--month', '2025-01');
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/2025-01 was closed already \(at .+\); nothing to do/);
  }, 600_000);
});
