import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One mock for the whole run, serving the team's own document (test/identity-mock.setup.ts).
    globalSetup: ['./test/identity-mock.setup.ts'],
  },
});
