/**
 * What the resource engine reads from documents unlike identity-mock's own (docs/own-spec.md): permissions from the
 * security requirement's scopes, else `verb:collection`, else `x-permissions`; roles from `x-role-permissions`
 * with `saas_admin` holding every permission named; the document's own error schema on every 4xx; `x-mock-count`
 * and `x-mock-max`; generated answers of actions and singletons; the memory a write reserves; and the starts it
 * refuses. Every answer is checked against the served document.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { buildMock } from '../../src/mock.ts';
import type { SpecDocument } from '../../src/spec/document.ts';
import { doc, json, ok, pathParam, query, ref } from '../support/resource-docs.ts';
import { errorOf, ownHarness, OWN_SPEC, readDocument, type OwnHarness } from '../support/own-spec.ts';

const NOTES = new URL('../fixtures/own-spec/notes.yaml', import.meta.url).pathname;
const MISSING = '00000000-0000-4000-8000-00000000abcd';

interface Note {
  id: string;
  title: string;
  body?: string;
  created_at: string;
  created_by?: string;
}

/** An error of notes.yaml's shape, `{"error": {"code": <status>, "message"}}`, with X-Message the message. */
function nestedError(
  res: { status: number; body: unknown; headers: Record<string, string> },
  status: number,
): string {
  expect(res.status).toBe(status);
  const body = res.body as { error: { code: number; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(status);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(res.headers['x-message']).toBe(body.error.message);
  return body.error.message;
}

describe('notes.yaml: a document with no identity-mock extension but x-mock-count and x-mock-max', () => {
  const h = ownHarness(NOTES);
  const admin = h.token('admin@example.com');
  const user = h.token('user@example.com');
  const scoped = (permissions: string[]): string => h.token('user@example.com', { claims: { permissions } });

  it('seeds x-mock-count records and pages them with limit/offset', async () => {
    const res = await h.get('/notes?limit=50', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(res.headers['x-total-count']).toBe('5');
    const page = await h.get('/notes?limit=2&offset=3', { token: admin });
    // X-Total-Count is declared, Link is not: only the declared one is sent.
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.headers['link']).toBeUndefined();
    expect((page.body as Note[]).map((n) => n.id)).toEqual((res.body as Note[]).slice(3, 5).map((n) => n.id));
  });

  it('needs the security scopes of the operation, else verb:collection, and x-permissions before both', async () => {
    expect(nestedError(await h.get('/notes', { token: user }), 403)).toContain('notes.read');
    expect((await h.get('/notes', { token: scoped(['notes.read']) })).status).toBe(200);
    const note = ((await h.get('/notes', { token: admin })).body as Note[])[0];
    if (note === undefined) throw new RangeError('a note expected');
    expect(nestedError(await h.get(`/notes/${note.id}`, { token: scoped(['notes.read']) }), 403)).toContain(
      'read:notes',
    );
    expect((await h.get(`/notes/${note.id}`, { token: scoped(['read:notes']) })).status).toBe(200);
    const session = 'notes-perms';
    expect(
      nestedError(
        await h.send('POST', '/notes', { token: scoped(['update:notes']), session, body: { title: 'p' } }),
        403,
      ),
    ).toContain('create:notes');
    expect(
      nestedError(
        await h.send('PATCH', `/notes/${note.id}`, {
          token: scoped(['create:notes']),
          session,
          type: 'application/merge-patch+json',
          body: { title: 'p' },
        }),
        403,
      ),
    ).toContain('update:notes');
    expect(
      nestedError(
        await h.send('DELETE', `/notes/${note.id}`, { token: scoped(['delete:notes']), session }),
        403,
      ),
    ).toContain('notes.purge');
    const gone = await h.send('DELETE', `/notes/${note.id}`, { token: scoped(['notes.purge']), session });
    expect(gone.status).toBe(200);
    expect(gone.text).toBe('');
    expect(gone.headers['x-message']).toBe('Note deleted successfully');
  });

  it('gives saas_admin every permission the document names', () => {
    const roles = h.mock.services.api.rolePermissions.get('saas_admin') ?? [];
    for (const p of [
      'notes.read',
      'notes.purge',
      'create:notes',
      'read:notes',
      'update:notes',
      'read:settings',
    ])
      expect(roles).toContain(p);
    expect(h.mock.services.api.rolePermissions.get('saas_user') ?? []).not.toContain('notes.read');
  });

  it('answers every 4xx in the document error schema: 400 of validation, 401, 403, 404, 409', async () => {
    const session = 'notes-errors';
    expect(nestedError(await h.get('/notes'), 401)).toMatch(/token|Authorization/i);
    expect(nestedError(await h.get('/notes', { token: 'not-a-jwt' }), 401).length).toBeGreaterThan(0);
    expect(nestedError(await h.get('/notes?limit=0', { token: admin }), 400)).toContain('limit');
    expect(nestedError(await h.get('/notes?colour=red', { token: admin }), 400)).toContain('colour');
    expect(nestedError(await h.get('/notes/not-a-uuid', { token: admin }), 400)).toContain('noteId');
    expect(
      nestedError(await h.send('POST', '/notes', { token: admin, session, body: { title: 5 } }), 400),
    ).toContain('title');
    expect(nestedError(await h.get(`/notes/${MISSING}`, { token: admin }), 404)).toContain(MISSING);
    const taken = ((await h.get('/notes', { token: admin })).body as Note[])[0]?.title ?? '';
    expect(
      nestedError(await h.send('POST', '/notes', { token: admin, session, body: { title: taken } }), 409),
    ).toContain('title');
  });

  it('creates with a uuid from the seeded random (the same on another mock of the seed) and the caller', async () => {
    const made = await h.send('POST', '/notes', { token: admin, session: 'twin', body: { title: 'Twin' } });
    expect(made.status).toBe(201);
    expect(made.headers['x-message']).toBe('Note created successfully');
    expect(made.body).toMatchObject({ title: 'Twin', created_by: '00000000-0000-4000-8000-000000000001' });
    const other = ownHarness(NOTES);
    const again = await other.send('POST', '/notes', {
      token: other.token('admin@example.com'),
      session: 'twin',
      body: { title: 'Twin' },
    });
    expect((again.body as Note).id).toBe((made.body as Note).id);
    expect((again.body as Note).id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('refuses a create past x-mock-max with 409 collection_full, in this session only', async () => {
    const session = 'notes-full';
    for (const title of ['six', 'seven'])
      expect((await h.send('POST', '/notes', { token: admin, session, body: { title } })).status).toBe(201);
    const full = nestedError(
      await h.send('POST', '/notes', { token: admin, session, body: { title: 'eight' } }),
      409,
    );
    expect(full).toContain('x-mock-max');
    expect(
      (await h.send('POST', '/notes', { token: admin, session: 'notes-room', body: { title: 'six' } }))
        .status,
    ).toBe(201);
  });

  it('answers an action and a singleton without examples with bodies generated from their schemas, the same each time', async () => {
    const note = ((await h.get('/notes', { token: admin })).body as Note[])[1]?.id ?? '';
    const pin = await h.send('POST', `/notes/${note}/pin`, { token: admin });
    expect(pin.status).toBe(202);
    expect(Object.keys(pin.body as object).sort()).toEqual(['pinned', 'position', 'until']);
    expect((await h.send('POST', `/notes/${note}/pin`, { token: admin })).body).toEqual(pin.body);
    // An action on a record that does not exist is 404, as its item is.
    expect(nestedError(await h.send('POST', `/notes/${MISSING}/pin`, { token: admin }), 404)).toContain(
      MISSING,
    );
    const settings = await h.get('/settings', { token: admin });
    expect(settings.status).toBe(200);
    expect(settings.headers['x-message']).toBe('Data retrieved successfully');
    const other = ownHarness(NOTES);
    expect((await other.get('/settings', { token: other.token('admin@example.com') })).body).toEqual(
      settings.body,
    );
  });
});

const responsesOf = (operation: Record<string, unknown>): Record<string, unknown> =>
  operation['responses'] as Record<string, unknown>;

/** `/things` whose errors are `{message, status}`, with roles of its own. */
function thingsDoc(): SpecDocument {
  const problem = {
    description: 'An error.',
    ...json(ref('Problem')),
  };
  const errors = { '400': problem, '401': problem, '403': problem, '404': problem, '409': problem };
  return doc(
    {
      '/things': {
        get: {
          operationId: 'listThings',
          parameters: [query('kind', { type: 'string', enum: ['a', 'b'] })],
          responses: { ...responsesOf(ok({ type: 'array', items: ref('Thing') })), ...errors },
        },
        post: {
          operationId: 'createThing',
          requestBody: { required: true, ...json(ref('Thing')) },
          responses: { ...responsesOf(ok(ref('Thing'), '201')), ...errors },
        },
      },
      '/things/{id}': {
        parameters: [pathParam('id')],
        get: { operationId: 'getThing', responses: { ...responsesOf(ok(ref('Thing'))), ...errors } },
      },
    },
    {
      Problem: {
        type: 'object',
        required: ['message', 'status'],
        additionalProperties: false,
        properties: { message: { type: 'string' }, status: { type: 'integer' } },
      },
      Thing: {
        type: 'object',
        required: ['id', 'name'],
        additionalProperties: false,
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', minLength: 1 },
          kind: { type: 'string', enum: ['a', 'b'] },
        },
      },
    },
    { 'x-role-permissions': { saas_user: ['read:things'], saas_user_client: [] } },
  );
}

describe('a document whose errors are {message, status}, with x-role-permissions', () => {
  const h: OwnHarness = ownHarness(thingsDoc());
  const user = h.token('user@example.com');

  it('takes the roles from the document: saas_user reads, and may not create', async () => {
    expect((await h.get('/things', { token: user })).status).toBe(200);
    const res = await h.send('POST', '/things', { token: user, body: { name: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.stringContaining('create:things') as unknown, status: 403 });
  });

  it('answers validation, 401 and 404 in that shape; integer ids are the largest plus one', async () => {
    for (const [res, status] of [
      [await h.get('/things?kind=c', { token: user }), 400],
      [await h.get('/things'), 401],
      [await h.get('/things/999', { token: user }), 404],
    ] as const) {
      expect(res.status).toBe(status);
      expect(Object.keys(res.body as object).sort()).toEqual(['message', 'status']);
      expect((res.body as { status: number }).status).toBe(status);
      expect(res.headers['x-message']).toBe((res.body as { message: string }).message);
    }
    const admin = h.token('admin@example.com');
    const made = await h.send('POST', '/things', { token: admin, session: 'ints', body: { name: 'n' } });
    expect(made.status).toBe(201);
    expect((made.body as { id: number }).id).toBe(21);
  });
});

describe('starts the engine refuses (exit 2 from the command line)', () => {
  it('an x-mock-handler naming no built-in operation', () => {
    const d = doc({
      '/x': { get: { operationId: 'getX', 'x-mock-handler': 'listUserz', ...ok({ type: 'object' }) } },
    });
    expect(() => buildMock({ spec: d, users: 1 })).toThrow(ConfigError);
    expect(() => buildMock({ spec: d, users: 1 })).toThrow(/getX.*listUserz|listUserz.*getX/);
  });

  it('a built-in operation lacking the parameter its handler reads, named with the operation', () => {
    const d = doc({
      '/workspaces/{id}/members': {
        parameters: [pathParam('id')],
        get: { operationId: 'listWorkspaceMembers', ...ok({ type: 'array', items: { type: 'object' } }) },
      },
    });
    expect(() => buildMock({ spec: d, users: 1 })).toThrow(
      /listWorkspaceMembers \(GET \/workspaces\/\{id\}\/members\).*path parameter workspace/,
    );
  });
});

describe('state memory of engine and users writes', () => {
  const KIB = 1024;

  it('counts a write by the record it keeps, within what it reserved; a session at its limit gets 503 session_memory_full', async () => {
    const h = ownHarness(OWN_SPEC, { maxSessionMemory: 96 * KIB });
    const admin = h.token('admin@example.com');
    const session = 'memory';
    const ws = ((await h.get('/workspaces', { token: admin })).body as { id: string }[])[0]?.id ?? '';
    await h.get('/workspaces', { token: admin, session });
    const bytes = (): number => h.mock.services.sessions.peek(session).stateBytes();
    // The records' own bytes, without the journal's entry for the request.
    const records = (): number => h.mock.services.sessions.peek(session).resources.stateBytes();
    const before = records();
    const title = 'T'.repeat(200);
    const first = await h.send('POST', `/workspaces/${ws}/projects`, {
      token: admin,
      session,
      body: { title, status: 'done' },
    });
    expect(first.status).toBe(201);
    const grown = records() - before;
    expect(grown).toBeGreaterThan(2 * title.length);
    // The reservation is the record's size, not a flat 16 KiB per write.
    expect(grown).toBeLessThan(4 * KIB);
    let refused;
    let made = 1;
    while (refused === undefined && made < 200) {
      const res = await h.send('POST', `/workspaces/${ws}/projects`, {
        token: admin,
        session,
        body: { title, status: 'done' },
      });
      if (res.status === 503) refused = res;
      else {
        expect(res.status).toBe(201);
        made++;
      }
    }
    // 96 KiB less the empty session's 16 KiB and the journal's entries (a few KiB a request, its token included),
    // at about 1.5 KiB a project: a flat 16 KiB a write would stop at 5.
    expect(made).toBeGreaterThan(8);
    expect(made).toBeLessThan(100);
    if (refused === undefined) throw new RangeError('never refused');
    expect(errorOf(refused, 503, 'session_memory_full').error).toContain('--max-session-memory');
    expect(bytes()).toBeLessThanOrEqual(96 * KIB);
    // Reads are never refused; a reset frees the session.
    expect((await h.get(`/workspaces/${ws}/projects`, { token: admin, session })).status).toBe(200);
    expect((await h.admin('POST', '/reset', undefined, session)).status).toBe(200);
    expect(
      (
        await h.send('POST', `/workspaces/${ws}/projects`, {
          token: admin,
          session,
          body: { title, status: 'done' },
        })
      ).status,
    ).toBe(201);
  });

  it('reserves for a users write what the users store says it adds', async () => {
    const h = ownHarness();
    const admin = h.token('admin@example.com');
    const session = 'user-memory';
    await h.get('/users', { token: admin, session });
    const s = h.mock.services.sessions.peek(session);
    const create = async (identifier: string): Promise<{ reserved: number; grown: number }> => {
      const reserved = s.state.userWriteBytes();
      const before = s.state.stateBytes();
      const res = await h.send('POST', '/users', {
        token: admin,
        session,
        body: { identifier, name: 'Mem User', email: `${identifier}@example.org`, user_type: 'saas_user' },
      });
      expect(res.status).toBe(201);
      return { reserved, grown: s.state.stateBytes() - before };
    };
    // The first write makes the session's own copy of the store; later ones add a user each.
    for (const { reserved, grown } of [await create('mem.one'), await create('mem.two')]) {
      expect(grown).toBeGreaterThan(0);
      expect(grown).toBeLessThanOrEqual(reserved);
    }
    expect(s.state.userWriteBytes()).toBeLessThan(16 * KIB);
  });
});

it('reads the example document once per file', () => {
  expect(Object.keys(readDocument(OWN_SPEC).paths as object)).toContain('/me');
});
