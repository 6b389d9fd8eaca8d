/** GET /__admin/contracts and /__admin/contracts/{file}: the committed contracts, served for verifiers. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildMock } from '../../src/mock.ts';
import { ResponseChecker } from '../../src/spec/response-check.ts';
import { CONTRACTS_DIR, PACT_FILE } from '../support/contracts.ts';
import { SPECS } from '../support/harness.ts';

const mock = buildMock({ specs: SPECS, users: 10 });
const admin = new ResponseChecker(SPECS.admin.doc);

async function get(path: string): Promise<request.Response> {
  const res = await request(mock.app).get(`/__admin${path}`);
  const body = res.text === '' ? undefined : (res.body as unknown);
  expect(admin.check({ method: 'GET', path, status: res.status, headers: res.headers, body })).toEqual([]);
  return res;
}

describe('/__admin/contracts', () => {
  it('lists every pact with its parties, size and URL', async () => {
    const res = await get('/contracts');
    expect(res.status).toBe(200);
    const pact = JSON.parse(readFileSync(join(CONTRACTS_DIR, PACT_FILE), 'utf8')) as {
      interactions: unknown[];
    };
    expect(res.body).toEqual({
      contracts: [
        {
          file: PACT_FILE,
          consumer: 'identity-web',
          provider: 'identity-service',
          interactions: pact.interactions.length,
          url: expect.stringMatching(
            new RegExp(`^http://127\\.0\\.0\\.1:\\d+/__admin/contracts/${PACT_FILE}$`),
          ) as unknown,
        },
      ],
    });
  });

  it('serves a pact file as committed', async () => {
    const res = await get(`/contracts/${PACT_FILE}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(readFileSync(join(CONTRACTS_DIR, PACT_FILE), 'utf8')));
  });

  it.each([
    {
      name: 'an unknown file',
      file: 'nobody-identity-service.json',
      status: 404,
      code: 'contract_not_found',
    },
    { name: 'a path outside contracts/', file: '..%2Fpackage.json', status: 400, code: 'invalid_request' },
    { name: 'a file that is not JSON', file: 'notes.txt', status: 400, code: 'invalid_request' },
  ])('answers $status for $name', async ({ file, status, code }) => {
    const res = await get(`/contracts/${file}`);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code });
  });
});
