import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One mock for the whole run (any free port), or the server at IDENTITY_MOCK_URL when that is set.
    globalSetup: ['identity-mock/vitest'],
  },
});
