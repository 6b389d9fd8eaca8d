import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirst from './test/support/slow-first.ts';

// Test tiers mirror the layers: test/unit (pure modules), test/api (HTTP through supertest),
// test/contract (Pact), test/cli.test.ts (the bin), test/browser (headless Chromium, a project of its own so that
// it can run alone: `npx vitest run --project browser`). Nothing binds a fixed port.
/**
 * Files that run in a process of their own: Pact's native core keeps mock servers and pacts per process, and the
 * connection-limit test opens over a thousand sockets, which must be the only ones of its process.
 */
const OWN_PROCESS = ['test/contract/**/*.test.ts', 'test/api/connections.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Many files mostly wait (npm installs, Chromium, spawned servers): a worker per core at least. Vitest's
    // default (cores - 1) ran the whole suite one file at a time on a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: SlowFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { PACT_DO_NOT_TRACK: 'true' },
    // The console's and /docs's scripts, built once (npm run build:console) for the tests that serve them.
    globalSetup: ['test/support/build-console.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', ...OWN_PROCESS],
          // Files run one after another in a worker that keeps its modules: the specs are parsed, their validators
          // compiled and the default dataset built once per worker, not once per file (each file still builds its
          // own mocks, and nothing a mock holds is shared between mocks). Import time fell from 142 s to 20 s.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'own-process', include: OWN_PROCESS },
      },
      {
        extends: true,
        // One Chromium per file, launched and closed by the file; the files of a worker share its loaded modules
        // (playwright-core, the mock) as the node project's do.
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 60_000,
          isolate: false,
        },
      },
    ],
  },
});
