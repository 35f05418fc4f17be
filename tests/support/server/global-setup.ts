/**
 * Global setup of the server test project: builds the seeded database template once per run (or reuses an
 * unchanged one), so every test file's `freshDatabase()` only clones it. Self-contained and idempotent.
 */
import { dropLeftoverTestDatabases, ensureTemplate } from './db.ts';

export default async function setup(): Promise<void> {
  const started = performance.now();
  const dropped = await dropLeftoverTestDatabases();
  const { kind, template } = await ensureTemplate();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const leftovers = dropped > 0 ? `, ${dropped} leftover test database(s) dropped` : '';
  console.log(`[server tests] ${kind} template ready in ${seconds} s: ${template}${leftovers}`);
}
