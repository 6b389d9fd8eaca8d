/**
 * Provider verification: the mock, started on port 0 with response validation on (so every contract response is
 * also valid against spec/openapi.yaml), is verified against every pact in contracts/ through its own
 * `/__admin/provider-states` endpoint.
 */
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTS_DIR, pactFilesIn } from '../../src/adapters/pact/pact-files.ts';
import { verifyPacts } from '../../src/contracts/verify.ts';
import { createLogger } from '../../src/adapters/express/log.ts';
import { startMock, type RunningMock } from '../../src/index.ts';
import { SPECS } from '../support/harness.ts';

/** The mock's request log (one JSON line per answered request): /__admin calls are logged, not journaled. */
const logged: { method?: string; url?: string; status?: number }[] = [];
const logLines = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n'))
      if (line !== '') logged.push(JSON.parse(line) as never);
    done();
  },
});

/** Interactions of the pacts that need a provider state set up first. */
function interactionsWithStates(files: readonly string[]): number {
  return files
    .map((file) => JSON.parse(readFileSync(file, 'utf8')) as { interactions: Record<string, unknown>[] })
    .flatMap((pact) => pact.interactions)
    .filter((i) =>
      Array.isArray(i.providerStates) ? i.providerStates.length > 0 : i.providerState !== undefined,
    ).length;
}

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({
    port: 0,
    specs: SPECS,
    validateResponses: true,
    logger: createLogger('info', logLines),
  });
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
    // Every provider state went through the admin endpoint, never a shortcut: at least one accepted setup call
    // per interaction that has a state (the verifier may also post teardowns).
    const setups = logged.filter(
      (line) => line.method === 'POST' && line.url === '/__admin/provider-states' && line.status === 200,
    );
    expect(interactionsWithStates(pactFilesIn(CONTRACTS_DIR))).toBeGreaterThan(0);
    expect(setups.length).toBeGreaterThanOrEqual(interactionsWithStates(pactFilesIn(CONTRACTS_DIR)));
    expect((await mock.session().requests({ path: '/users*' })).length).toBeGreaterThan(0); // the verified requests are journaled
  });
});
