/**
 * The drift probe (src/drift/probe.ts through the Node sender): against the mock it finds nothing, whatever it is
 * allowed to do; against a divergent service it finds what only a probe can (answers to forged tokens, totals
 * that change along a walk); it writes nothing unless allowed; it stops at once when there is no service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSender } from '../../src/adapters/node/probe-sender.ts';
import { createUpstream } from '../../src/adapters/node/upstream.ts';
import { DriftGuard } from '../../src/drift/guard.ts';
import { runProbe, type ProbeOptions } from '../../src/drift/probe.ts';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { freePort } from '../support/bin-process.ts';
import { startDivergentUpstream, type DivergentUpstream } from '../support/divergent-upstream.ts';
import { SPECS } from '../support/harness.ts';

const guard = new DriftGuard(SPECS.api.doc);
const OPTIONS = { timeoutMs: 5_000, insecure: false };

function probe(url: string, options: ProbeOptions) {
  const service = createUpstream(new URL(url), OPTIONS);
  return runProbe(guard, probeSender(service, service), options).finally(() => {
    service.close();
  });
}

describe('the probe against the mock', () => {
  let mock: RunningMock;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    mock = await startMock({ port: 0, logLevel: 'silent', users: 60 });
    for (const user of ['admin', 'user', 'client']) {
      tokens[user] = (await mock.session().token({ user: `${user}@example.com` })).accessToken;
    }
  });

  afterAll(async () => {
    await mock.close();
  });

  it('finds nothing with every case on, writes included', async () => {
    const result = await probe(mock.url, {
      token: tokens.admin ?? '',
      limitedToken: tokens.user,
      authServer: true,
      allowWrites: true,
      identifier: 'client',
    });
    expect(result.store.list()).toEqual([]);
    expect(result.aborted).toBeUndefined();
    expect(result.notes).toEqual([]);
    expect(result.requests).toBeGreaterThan(70);
    expect(mock.state.store.size).toBe(62); // `client` is gone
  });

  it('finds nothing with a token lacking the metadata permission (its filters answer 403)', async () => {
    const result = await probe(mock.url, {
      token: tokens.user ?? '',
      limitedToken: tokens.admin,
    });
    expect(result.store.list()).toEqual([]);
    expect(result.notes).toEqual([
      expect.stringMatching(/^--limited-token has read:users and read:user_metadata/),
      expect.stringMatching(/^DELETE not probed/),
    ]);
  });
});

describe('the probe against a divergent service', () => {
  let upstream: DivergentUpstream;

  beforeAll(async () => {
    upstream = await startDivergentUpstream();
  });

  afterAll(async () => {
    await upstream.close();
  });

  it('finds forged tokens accepted, totals changing along a walk, unsorted pages; and writes nothing', async () => {
    const result = await probe(upstream.url, { token: 'opaque-token' });
    const found = result.store.list();
    const kinds = new Set(found.map((f) => f.kind));
    for (const kind of ['status', 'request_accepted', 'sort_order', 'pagination'])
      expect(kinds).toContain(kind);
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: 'status',
        where: 'status when a token with a wrong signature',
        expected: '401 invalid_token',
        actual: '200',
      }),
    );
    expect(found).toContainEqual(expect.objectContaining({ kind: 'pagination', where: 'X-Total-Count' }));
    expect(upstream.received.filter((r) => !r.startsWith('GET '))).toEqual([]);
    expect(result.notes).toContainEqual(expect.stringMatching(/^403 cases not probed/));
  });

  it('with writes allowed, deletes only the user it is given', async () => {
    await probe(upstream.url, { token: 'opaque-token', allowWrites: true, identifier: 'person.5' });
    expect(upstream.received.filter((r) => r.startsWith('DELETE '))).toEqual([
      'DELETE /users/person.5',
      'DELETE /users/person.5',
      'DELETE /users/!!',
    ]);
  });
});

it('stops at the first request when there is no service, saying why', async () => {
  const port = await freePort();
  const result = await probe(`http://127.0.0.1:${port}`, { token: 't' });
  expect(result.requests).toBe(1);
  expect(result.aborted).toMatch(/could not be reached: the connection was refused/);
  expect(result.store.list()).toMatchObject([{ operation: 'getHealth', kind: 'upstream_unreachable' }]);
});
