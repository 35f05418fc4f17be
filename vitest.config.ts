// tests/machines, tests/src and tests/server mirror machines/, src/ and server/ (a module's tests sit at the same
// path under tests/); tests/support holds the helpers shared across them (tests/support/server: the server tests').
// Vitest 4 projects:
//   unit   - tests/machines, tests/src, tests/paths/**/*.test.ts (the browser path runs, *.spec.ts, are Playwright's),
//            tests/support/**/*.test.ts (the helpers' own tests), tests/docs (the docs' paths).
//            Node by default; a file opts into a DOM with the docblock comment `// @vitest-environment jsdom`.
//            Extends vite.config.ts so the Lingui macro (babel) and the .po loader work exactly as in the app.
//   server - tests/server, Node, forks, with the storage helper's global setup (PGlite template / DATABASE_URL).
//   multi  - tests/multi: three server processes on one PostgreSQL (`npm run test:multi` provides it).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

const serverGlobalSetup = 'tests/support/server/global-setup.ts';

export default defineConfig({
  test: {
    root,
    passWithNoTests: true,
    maxWorkers: 2,
    teardownTimeout: 60_000,
    projects: [
      {
        ...(existsSync(here('./vite.config.ts')) ? { extends: './vite.config.ts' } : {}),
        test: {
          name: 'unit',
          root,
          include: [
            'tests/machines/**/*.{test,spec}.{ts,tsx}',
            'tests/src/**/*.{test,spec}.{ts,tsx}',
            'tests/paths/**/*.test.{ts,tsx}',
            'tests/support/**/*.test.ts',
            'tests/docs/**/*.test.ts',
          ],
          environment: 'node',
          pool: 'threads',
          maxWorkers: 2,
          testTimeout: 15_000,
          restoreMocks: true,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          name: 'server',
          root,
          include: ['tests/server/**/*.{test,spec}.ts'],
          environment: 'node',
          globalSetup: existsSync(here(`./${serverGlobalSetup}`)) ? [serverGlobalSetup] : [],
          pool: 'forks',
          maxWorkers: 2,
          fileParallelism: true,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          restoreMocks: true,
          unstubEnvs: true,
        },
      },
      {
        test: {
          name: 'multi',
          root,
          include: ['tests/multi/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
