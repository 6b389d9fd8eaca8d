/**
 * Provider verification: the mock, started on port 0 with response validation on (so every contract response is
 * also valid against spec/openapi.yaml), is verified against every pact in contracts/ through its own
 * `/__admin/provider-states` endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTS_DIR, pactFilesIn } from '../../src/contracts/pact-files.ts';
import { verifyPacts } from '../../src/contracts/verify.ts';
import { startMock, type RunningMock } from '../../src/index.ts';
import { SPECS } from '../support/harness.ts';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, specs: SPECS, validateResponses: true });
});
afterAll(async () => {
  await mock.close();
});

describe('identity-service as the provider of contracts/', () => {
  it('has pacts to verify', () => {
    expect(pactFilesIn(CONTRACTS_DIR).length).toBeGreaterThan(0);
  });

  it('honours every interaction of every pact', async () => {
    await expect(
      verifyPacts({ providerBaseUrl: mock.url, pacts: pactFilesIn(CONTRACTS_DIR) }),
    ).resolves.toBeDefined();
    // Every provider state went through the admin endpoint, never a shortcut.
    const states = mock.requests({ path: '/__admin/provider-states' });
    expect(states).toEqual([]); // /__admin calls are not journaled...
    const served = mock.requests({ path: '/users*' });
    expect(served.length).toBeGreaterThan(0); // ...the verified requests are.
  });
});
