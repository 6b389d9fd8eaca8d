import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, passwordOf } from '../../src/data/dataset.ts';
import { FixtureError, datasetFromRecords, loadFixtures, loadFixturesSync } from '../../src/data/fixtures.ts';

const ADMIN_ID = '00000000-0000-4000-8000-000000000001';
const KNOWN_EMAILS = ['admin@example.com', 'user@example.com', 'client@example.com'];

/** A valid user record; `n` makes its id, identifier and email distinct. */
function userRecord(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    identifier: `person.${n}`,
    name: `Person ${n}`,
    email: `person.${n}@example.com`,
    user_type: 'saas_user',
    status: 'active',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-02T00:00:00.000Z',
    created_by: ADMIN_ID,
    updated_by: ADMIN_ID,
    ...overrides,
  };
}

const validClient = {
  client_id: 'spa',
  client_secret: 'spa-secret',
  name: 'SPA',
  grant_types: ['password', 'refresh_token'],
  audiences: ['https://identity.example.com/admin/v1'],
  permissions: [],
};

const tempDirs: string[] = [];

/** A temp fixtures directory holding `files` (objects are written as JSON, strings as they are). */
async function fixtureDir(files: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'identity-mock-fixtures-'));
  tempDirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    await writeFile(
      join(dir, name),
      typeof content === 'string' ? content : JSON.stringify(content, null, 2),
    );
  }
  return dir;
}

afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function loadError(dir: string): Promise<FixtureError> {
  const error: unknown = await loadFixtures(dir).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof FixtureError)) throw new Error(`expected a FixtureError, got ${String(error)}`);
  return error;
}

describe('loadFixtures: fixtures/small', () => {
  const loaded = loadFixtures('fixtures/small');

  it('has its 40 users after the three known accounts', async () => {
    const { users } = await loaded;
    expect(users).toHaveLength(43);
    expect(users.slice(0, 3).map((user) => user.email)).toEqual(KNOWN_EMAILS);
    expect(new Set(users.map((user) => user.id)).size).toBe(43);
  });

  it('covers every user_type and status, accents, case variants and created_at ties', async () => {
    const users = (await loaded).users.slice(3);
    expect(new Set(users.map((user) => user.user_type))).toEqual(
      new Set(['saas_admin', 'saas_user', 'saas_user_client']),
    );
    expect(new Set(users.map((user) => user.status))).toEqual(
      new Set(['active', 'onboarding', 'inactive', 'suspended', 'risky']),
    );
    const names = users.map((user) => user.name);
    expect(names).toEqual(
      expect.arrayContaining(['Zoë Adams', 'zoe adams', 'ZOE ADAMS', 'Émile Zola', 'emile zola']),
    );
    expect(names).toEqual(
      expect.arrayContaining(['Ångström', 'alvarez', 'Ávila', 'bob', 'Jon Smith', 'John Smith']),
    );
    const ties = users.filter((user) => user.created_at === '2024-03-01T09:00:00.000Z');
    expect(ties.length).toBeGreaterThanOrEqual(3);
    expect(ties.map((user) => user.id)).not.toEqual(ties.map((user) => user.id).sort());
  });

  it('has workspaces ws-01 … ws-04, the known accounts added to theirs', async () => {
    const { workspaces } = await loaded;
    expect(workspaces.map((workspace) => workspace.id)).toEqual(['ws-01', 'ws-02', 'ws-03', 'ws-04']);
    expect(workspaces[0]?.members.slice(0, 3)).toEqual([
      ADMIN_ID,
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000003',
    ]);
    expect(workspaces[1]?.members.slice(0, 2)).toEqual([ADMIN_ID, '00000000-0000-4000-8000-000000000002']);
  });

  it('loads the same dataset synchronously', async () => {
    expect(loadFixturesSync('fixtures/small')).toEqual(await loaded);
  });

  it('uses a record’s password, DEFAULT_PASSWORD otherwise, and adds mock-client and spa-client', async () => {
    const { passwords, clients, users } = await loaded;
    const zoe = users.find((user) => user.name === 'zoe adams');
    expect(passwords.get(zoe?.id ?? '')).toBe('Zoe-2nd-Passw0rd!');
    expect(passwords.has(ADMIN_ID)).toBe(false);
    expect(passwordOf(passwords, ADMIN_ID)).toBe(DEFAULT_PASSWORD);
    expect(clients.map((client) => client.client_id)).toEqual(['mock-client', 'spa-client']);
  });
});

describe('loadFixtures: invalid data', () => {
  it.each([
    {
      name: 'bad email',
      files: { 'users.json': [userRecord(1), userRecord(2, { email: 'not-an-email' })] },
      expected:
        /users\.json: record 1 \(id "10000000-0000-4000-8000-000000000002"\): \/email must match format "email"/,
    },
    {
      name: 'unknown property',
      files: { 'users.json': [userRecord(1, { nickname: 'p' })] },
      expected: /users\.json: record 0 \(id "[^"]+"\): unknown property "nickname" \(allowed: id, identifier/,
    },
    {
      name: 'enum value',
      files: { 'users.json': [userRecord(1, { status: 'deleted' })] },
      expected:
        /record 0 \(id "[^"]+"\): \/status must be one of active, onboarding, inactive, suspended, risky \(got "deleted"\)/,
    },
    {
      name: 'duplicate identifier',
      files: { 'users.json': [userRecord(1), userRecord(2), userRecord(3, { identifier: 'person.1' })] },
      expected: /users\.json: record 2 \(id "[^"]+"\): identifier "person\.1" is already used by record 0/,
    },
    {
      name: 'duplicate id',
      files: { 'users.json': [userRecord(1), userRecord(2, { id: userRecord(1).id })] },
      expected: /users\.json: record 1 \(id "[^"]+"\): id "[^"]+" is already used by record 0/,
    },
    {
      name: 'identifier of a known account',
      files: { 'users.json': [userRecord(1, { identifier: 'admin' })] },
      expected:
        /record 0 \(id "[^"]+"\): identifier "admin" is already used by known account admin@example\.com/,
    },
    {
      name: 'unknown created_by',
      files: { 'users.json': [userRecord(1, { created_by: '20000000-0000-4000-8000-000000000009' })] },
      expected:
        /users\.json: record 0 \(id "[^"]+"\): created_by "20000000-0000-4000-8000-000000000009" is not the id of a user/,
    },
    {
      name: 'known-account email with another id',
      files: { 'users.json': [userRecord(1, { email: 'admin@example.com', identifier: 'admin' })] },
      expected:
        /users\.json: record 0 \(id "10000000-[^"]+"\): email "admin@example\.com" belongs to the known account "admin"/,
    },
    {
      name: 'password that is not a string',
      files: { 'users.json': [userRecord(1, { password: 42 })] },
      expected: /users\.json: record 0 \(id "[^"]+"\): password must be a non-empty string \(got number 42\)/,
    },
    {
      name: 'users.json not an array',
      files: { 'users.json': { users: [] } },
      expected: /users\.json: expected a JSON array of User records \(got an object\)/,
    },
    {
      name: 'member not a user',
      files: {
        'users.json': [userRecord(1)],
        'workspaces.json': [{ id: 'ws-01', name: 'One', members: [userRecord(1).id, 'nobody'] }],
      },
      expected: /workspaces\.json: record 0 \(id "ws-01"\): members\[1\] "nobody" is not the id of a user/,
    },
    {
      name: 'duplicate workspace id',
      files: {
        'users.json': [userRecord(1)],
        'workspaces.json': [
          { id: 'ws-01', name: 'One', members: [] },
          { id: 'ws-01', name: 'Again', members: [] },
        ],
      },
      expected: /workspaces\.json: record 1 \(id "ws-01"\): workspace id "ws-01" is already used/,
    },
    {
      name: 'bad redirect rule',
      files: {
        'users.json': [userRecord(1)],
        'clients.json': [{ ...validClient, redirect_uris: ['http://*.example/'] }],
      },
      expected:
        /clients\.json: record 0 \(id "spa"\): redirect_uris: "http:\/\/\*\.example\/" must name one host/,
    },
    {
      name: 'bad logout rule',
      files: {
        'users.json': [userRecord(1)],
        'clients.json': [{ ...validClient, logout_uris: ['localhost:3000'] }],
      },
      expected:
        /clients\.json: record 0 \(id "spa"\): logout_uris: "localhost:3000" must start with http:\/\//,
    },
    {
      name: 'public client with the password grant',
      files: {
        'users.json': [userRecord(1)],
        'clients.json': [{ ...validClient, client_secret: undefined }],
      },
      expected:
        /clients\.json: record 0 \(id "spa"\): a public client \(no client_secret\) may use authorization_code and refresh_token only/,
    },
    {
      name: 'bad client grant type',
      files: {
        'users.json': [userRecord(1)],
        'clients.json': [{ ...validClient, grant_types: ['implicit'] }],
      },
      expected:
        /clients\.json: record 0 \(id "spa"\): grant_types: "implicit" is not one of authorization_code, refresh_token, password, client_credentials/,
    },
    {
      name: 'client without secret',
      files: { 'users.json': [userRecord(1)], 'clients.json': [{ ...validClient, client_secret: '' }] },
      expected: /clients\.json: record 0 \(id "spa"\): client_secret must be a non-empty string/,
    },
    {
      name: 'client with empty audiences',
      files: { 'users.json': [userRecord(1)], 'clients.json': [{ ...validClient, audiences: [] }] },
      expected:
        /clients\.json: record 0 \(id "spa"\): audiences must be a non-empty array of non-empty strings/,
    },
    {
      name: 'invalid JSON',
      files: { 'users.json': '[{"id": ' },
      expected: /users\.json: invalid JSON/,
    },
    {
      name: 'invalid JSON in an optional file',
      files: { 'users.json': [], 'workspaces.json': '{oops' },
      expected: /workspaces\.json: invalid JSON/,
    },
    {
      name: 'missing users.json',
      files: { 'workspaces.json': [] },
      expected: /users\.json: file not found; a fixtures directory needs users\.json/,
    },
  ])('rejects $name, naming the file and record', async ({ files, expected }) => {
    const dir = await fixtureDir(files);
    const error = await loadError(dir);
    expect(error.message).toMatch(expected);
    expect(error.message).toContain(dir);
    expect(() => loadFixturesSync(dir)).toThrow(error.message);
  });

  it('rejects a missing directory, naming it', async () => {
    const dir = join(tmpdir(), 'identity-mock-no-such-dir');
    const error = await loadError(dir);
    expect(error.message).toBe(`${dir}: fixtures directory or file not found`);
    expect(() => loadFixturesSync(dir)).toThrow(error.message);
  });

  it.each([
    { name: 'an array of User records', content: [userRecord(1)] },
    { name: 'an object of users', content: { users: [userRecord(1)] } },
    {
      name: 'an object of users and workspaces',
      content: {
        users: [userRecord(1)],
        workspaces: [{ id: 'ws-x', name: 'X', members: [userRecord(1).id] }],
      },
    },
  ])('reads a single fixtures file holding $name', async ({ content }) => {
    const dir = await fixtureDir({ 'recorded.json': content });
    const dataset = await loadFixtures(join(dir, 'recorded.json'));
    expect(dataset.users.map((user) => user.email)).toEqual([...KNOWN_EMAILS, 'person.1@example.com']);
    expect(loadFixturesSync(join(dir, 'recorded.json'))).toEqual(dataset);
  });

  it.each([
    {
      name: 'a JSON string',
      content: '"users"',
      expected: /recorded\.json: a fixtures file holds a JSON array/,
    },
    {
      name: 'an object without users',
      content: { workspaces: [] },
      expected: /a fixtures file holds a JSON array/,
    },
    { name: 'an unknown key', content: { users: [], people: [] }, expected: /unknown key "people"/ },
    {
      name: 'a bad record',
      content: [userRecord(1, { email: 'bad' })],
      expected: /recorded\.json: record 0 .*\/email/,
    },
  ])('rejects a fixtures file holding $name, naming the file', async ({ content, expected }) => {
    const dir = await fixtureDir({ 'recorded.json': content });
    const error = await loadError(join(dir, 'recorded.json'));
    expect(error.message).toMatch(expected);
  });

  it('lists every problem of the data in one error', async () => {
    const dir = await fixtureDir({
      'users.json': [userRecord(1, { email: 'bad' }), userRecord(2, { name: '' }), userRecord(3)],
    });
    const error = await loadError(dir);
    expect(error.problems).toHaveLength(2);
    expect(error.message).toMatch(
      /^2 problems in fixture data:\n {2}- .*record 0.*\/email.*\n {2}- .*record 1.*\/name/,
    );
  });
});

describe('loadFixtures: known accounts and clients', () => {
  it('adds the known accounts and their workspaces when the fixture has neither', async () => {
    const dir = await fixtureDir({ 'users.json': [userRecord(1)] });
    const dataset = await loadFixtures(dir);
    expect(dataset.users.map((user) => user.email)).toEqual([...KNOWN_EMAILS, 'person.1@example.com']);
    expect(dataset.workspaces.map((workspace) => [workspace.id, workspace.members.length])).toEqual([
      ['ws-01', 3],
      ['ws-02', 2],
    ]);
  });

  it('keeps a fixture’s own version of a known account, without adding memberships', async () => {
    const admin = userRecord(0, {
      id: ADMIN_ID,
      identifier: 'admin',
      email: 'admin@example.com',
      user_type: 'saas_admin',
      name: 'Fixture Admin',
      created_by: undefined,
      updated_by: undefined,
    });
    const dir = await fixtureDir({
      'users.json': [userRecord(1), admin],
      'workspaces.json': [{ id: 'team', name: 'Team', members: [userRecord(1).id, ADMIN_ID] }],
    });
    const dataset = await loadFixtures(dir);
    expect(dataset.users[0]?.name).toBe('Fixture Admin');
    expect(dataset.users.map((user) => user.id).filter((id) => id === ADMIN_ID)).toHaveLength(1);
    expect(dataset.workspaces.find((workspace) => workspace.id === 'team')?.members).toEqual([
      ADMIN_ID,
      userRecord(1).id,
    ]);
    expect(dataset.workspaces.find((workspace) => workspace.id === 'ws-01')?.members).toEqual([
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000003',
    ]);
  });

  it('adds mock-client and spa-client beside the fixture’s clients, unless it defines its own', async () => {
    const withOwn = await loadFixtures(await fixtureDir({ 'users.json': [], 'clients.json': [validClient] }));
    expect(withOwn.clients.map((client) => client.client_id)).toEqual(['mock-client', 'spa-client', 'spa']);
    const replaced = await loadFixtures(
      await fixtureDir({ 'users.json': [], 'clients.json': [{ ...validClient, client_id: 'mock-client' }] }),
    );
    expect(replaced.clients.map((client) => client.client_secret)).toEqual([undefined, 'spa-secret']);
  });
});

describe('datasetFromRecords', () => {
  it('names the source in messages', () => {
    expect(() => datasetFromRecords({ users: [userRecord(1, { id: 'x' })] }, 'request body')).toThrow(
      /^request body \(users\): record 0 \(id "x"\): \/id must match format "uuid" \(got "x"\)$/,
    );
  });

  it('accepts in-memory records like a fixtures directory', () => {
    const dataset = datasetFromRecords(
      { users: [userRecord(1)], workspaces: [{ id: 'ws-09', name: 'Nine', members: [userRecord(1).id] }] },
      'request body',
    );
    expect(dataset.users).toHaveLength(4);
    expect(dataset.workspaces.map((workspace) => workspace.id)).toEqual(['ws-09', 'ws-01', 'ws-02']);
    expect(Object.isFrozen(dataset.users[3])).toBe(true);
  });

  it('throws FixtureError for records that are not an array', () => {
    expect(() => datasetFromRecords({ users: 'nope' }, 'request body')).toThrow(FixtureError);
  });
});

// A fixture directory with a nested folder must not confuse the loader: only the three files count.
describe('loadFixtures: extra content', () => {
  it('ignores other files and folders', async () => {
    const dir = await fixtureDir({ 'users.json': [userRecord(1)], 'README.md': '# notes' });
    await mkdir(join(dir, 'nested'));
    expect((await loadFixtures(dir)).users).toHaveLength(4);
  });
});
