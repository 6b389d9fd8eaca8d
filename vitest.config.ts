import { defineConfig } from 'vitest/config';

// Test tiers mirror the layers: test/unit (pure modules), test/api (HTTP through supertest),
// test/contract (Pact), test/cli.test.ts (the bin). Nothing binds a fixed port.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { PACT_DO_NOT_TRACK: 'true' },
  },
});
