import { defineConfig } from '@playwright/test';
import type { IdentityMockOptions } from 'identity-mock/playwright';

// API tests only: no browser is launched, so none needs installing (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 is fine).
export default defineConfig<IdentityMockOptions>({
  testDir: 'tests',
  reporter: 'list',
  use: {
    // Start options of each worker's mock (ignored when IDENTITY_MOCK_URL names a running server).
    identityMockOptions: { users: 50 },
  },
});
