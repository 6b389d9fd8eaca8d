/**
 * `proxy --har` (src/drift/har-recording.ts): the service's traffic as HAR 1.2, bounded and redacted as the mock's
 * journal is, with the users' names, emails and identifiers replaced by their `--record` stand-ins unless PII is
 * kept; the known accounts keep theirs.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFaker } from '../../src/data/faker.ts';
import { KNOWN_ACCOUNTS } from '../../src/data/known-accounts.ts';
import { standIn } from '../../src/drift/anonymise.ts';
import type { Exchange } from '../../src/drift/exchange.ts';
import { HarRecording } from '../../src/drift/har-recording.ts';
import { HAR_1_2 } from '../support/har-schema.ts';

const ADMIN = KNOWN_ACCOUNTS.users[0];
const PERSON = {
  id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Real Person',
  email: 'real@corp.example',
  identifier: 'real.person',
};

const grant: Exchange = {
  method: 'POST',
  target: '/oauth/token',
  requestHeaders: { 'content-type': 'application/x-www-form-urlencoded', host: '127.0.0.1:4010' },
  requestBody: 'grant_type=password&username=real%40corp.example&password=hunter2&client_secret=s3cret',
  status: 200,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: JSON.stringify({
    access_token: 'eyJhbGciOiJSUzI1NiJ9.e30.sig',
    token_type: 'Bearer',
    expires_in: 60,
  }),
};

const list: Exchange = {
  method: 'GET',
  target: '/users?page_size=2&access_token=leaked',
  requestHeaders: { authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.sig', host: '127.0.0.1:4010' },
  status: 200,
  responseHeaders: { 'content-type': 'application/json', 'x-total-count': '2' },
  responseBody: JSON.stringify([PERSON, ADMIN]),
};

function recording(keepPii: boolean): HarRecording {
  const har = new HarRecording({
    upstream: 'https://staging.example.com',
    keepPii,
    known: KNOWN_ACCOUNTS.users,
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    version: 'test',
  });
  har.add(grant, 12);
  har.add(list, 3);
  return har;
}

beforeAll(async () => {
  await loadFaker();
});

describe('HarRecording', () => {
  it('writes HAR 1.2, oldest first, naming the real service', () => {
    const har = recording(false).har();
    expect(new Ajv2020({ strict: false }).compile(HAR_1_2)(har)).toBe(true);
    const { log } = har;
    expect(log.entries.map((e) => e.request.url)).toEqual([
      'https://staging.example.com/oauth/token',
      'https://staging.example.com/users?page_size=2&access_token=%5BREDACTED%5D',
    ]);
    expect(log.entries[1]?.time).toBe(3);
  });

  it('redacts as the journal does', () => {
    const text = JSON.stringify(recording(true).har());
    for (const secret of ['hunter2', 's3cret', 'eyJhbGciOiJSUzI1NiJ9.e30.sig', 'leaked'])
      expect(text).not.toContain(secret);
    const [first] = recording(true).har().log.entries;
    expect(JSON.parse(first?.response.content.text ?? '{}')).toMatchObject({
      access_token: '[REDACTED]',
      expires_in: 60,
    });
  });

  it("replaces users' names, emails and identifiers by their stand-ins unless PII is kept; known accounts stay", () => {
    const users = (keepPii: boolean): Record<string, unknown>[] =>
      JSON.parse(recording(keepPii).har().log.entries[1]?.response.content.text ?? '[]') as Record<
        string,
        unknown
      >[];
    const stand = standIn(PERSON.id);
    expect(users(false)[0]).toMatchObject({
      id: PERSON.id,
      name: stand.name,
      email: stand.email,
      identifier: stand.identifier,
    });
    expect(users(false)[1]).toMatchObject({ email: ADMIN?.email });
    expect(users(true)[0]).toMatchObject(PERSON);
  });
});
