/**
 * The spec ↔ contract check: every interaction of contracts/ is allowed by spec/openapi.yaml, and interactions the
 * spec does not allow are reported by name.
 */
import { describe, expect, it } from 'vitest';
import { createContractChecker } from '../../src/contracts/check.ts';
import { CONTRACTS_DIR, pactFilesIn, readPact } from '../../src/adapters/pact/pact-files.ts';
import type { Pact, PactInteraction } from '../../src/protocol/pact-file.ts';
import { SPECS } from '../support/harness.ts';

const checker = createContractChecker(SPECS.api.doc);
const [committedFile] = pactFilesIn(CONTRACTS_DIR);
const committed = readPact(committedFile ?? '');
const firstPage = committed.interactions.find(
  (i) => i.description === 'a request for the first page of users',
);

function withInteraction(change: (interaction: PactInteraction) => PactInteraction): Pact {
  if (firstPage === undefined) throw new Error('the committed pact lost its first-page interaction');
  return { ...committed, interactions: [change(firstPage)] };
}

describe('contracts:check', () => {
  it('finds every committed contract allowed by the spec', () => {
    for (const file of pactFilesIn(CONTRACTS_DIR)) expect(checker.check(readPact(file)), file).toEqual([]);
  });

  it.each([
    {
      name: 'an unknown path',
      change: (i: PactInteraction): PactInteraction => ({
        ...i,
        request: { ...i.request, path: '/accounts' },
      }),
      says: 'GET /accounts: no path of the spec matches',
    },
    {
      name: 'a method the path does not have',
      change: (i: PactInteraction): PactInteraction => ({ ...i, request: { ...i.request, method: 'PUT' } }),
      says: 'allowed methods: GET',
    },
    {
      name: 'an undeclared query parameter',
      change: (i: PactInteraction): PactInteraction => ({
        ...i,
        request: { ...i.request, query: { limit: ['10'] } },
      }),
      says: 'query parameter limit is not declared by listUsers',
    },
    {
      name: 'a query value outside the enum, expecting 200',
      change: (i: PactInteraction): PactInteraction => ({
        ...i,
        request: { ...i.request, query: { status: ['gone'] } },
      }),
      says: 'query parameter status must be equal to one of the allowed values',
    },
    {
      name: 'a page number in hexadecimal, expecting 200 (the mock answers 400)',
      change: (i: PactInteraction): PactInteraction => ({
        ...i,
        request: { ...i.request, query: { page: ['0x2'] } },
      }),
      says: 'query parameter page must be integer',
    },
    {
      name: 'an undocumented status',
      change: (i: PactInteraction): PactInteraction => ({ ...i, response: { ...i.response, status: 418 } }),
      says: 'status 418 is not documented for listUsers',
    },
    {
      name: 'a body the schema refuses',
      change: (i: PactInteraction): PactInteraction => ({
        ...i,
        response: { ...i.response, body: [{ id: 7 }] },
      }),
      says: 'body: body/0 must have required property',
    },
    {
      name: 'a header the schema refuses',
      change: (i: PactInteraction): PactInteraction => ({
        ...i,
        response: { ...i.response, headers: { ...i.response.headers, 'X-Total-Count': 'many' } },
      }),
      says: 'header X-Total-Count must be integer',
    },
    {
      name: 'no token, expecting 200',
      change: (i: PactInteraction): PactInteraction => ({ ...i, request: { ...i.request, headers: {} } }),
      says: 'listUsers needs a bearer token; without one the only answer is 401',
    },
  ])('reports $name, naming the interaction', ({ change, says }) => {
    const problems = checker.check(withInteraction(change));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain(
      'identity-web → identity-service: "a request for the first page of users"',
    );
    expect(problems.join('\n')).toContain(says);
  });

  it('accepts a request the schemas refuse when it expects the spec 400', () => {
    const badRequest = committed.interactions.find((i) => i.response.status === 400);
    expect(badRequest).toBeDefined();
    expect(
      checker.check({ ...committed, interactions: badRequest === undefined ? [] : [badRequest] }),
    ).toEqual([]);
  });
});
