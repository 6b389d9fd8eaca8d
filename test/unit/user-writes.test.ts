import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, type Dataset } from '../../src/data/dataset.ts';
import { checkPassword } from '../../src/oauth/check-password.ts';
import { SessionState, UserNotFound } from '../../src/sessions/session-state.ts';
import type { User } from '../../src/spec/types.ts';
import type { UsersQuery } from '../../src/users/engine.ts';
import { VISIBLE_TO_ALL } from '../../src/users/filter.ts';
import { pageJson } from '../../src/users/page-json.ts';
import { parseTerms } from '../../src/users/search.ts';
import { UserConflict } from '../../src/users/user-conflict.ts';
import { seededPlatform } from '../support/seeded-platform.ts';
import { LIST_USERS_SPEC } from '../support/spec-model.ts';
import { userRecord, uuidOf } from '../support/user-records.ts';

const ANN = userRecord(1, 'ann', { name: 'Ann Lee', created_at: '2024-01-01T00:00:00.000Z' });
const BOB = userRecord(2, 'bob', { name: 'Bob Stone', created_at: '2024-02-01T00:00:00.000Z' });
const DATASET: Dataset = {
  users: [ANN, BOB],
  passwords: new Map([[BOB.id, 'bob-secret']]),
  workspaces: [{ id: 'ws-1', name: 'One', members: [ANN.id, BOB.id] }],
  clients: [],
};

function newState(): SessionState {
  return SessionState.of(DATASET, { spec: LIST_USERS_SPEC, cacheSize: 8, platform: seededPlatform(7) });
}

function query(search = '', filter: UsersQuery['filter'] = {}): UsersQuery {
  const terms = parseTerms(search);
  return {
    filter,
    terms,
    sort: terms.length > 0 ? 'ranked' : { field: 'name', direction: 'asc' },
    page: 1,
    pageSize: 100,
  };
}

/** Identifiers the state's engine lists for `q`. */
function identifiers(state: SessionState, q: UsersQuery = query()): string[] {
  const page = state.engine.run(q, VISIBLE_TO_ALL);
  return Array.from(page.slots, (slot) => state.store.users[slot]?.identifier ?? '?');
}

function logIn(state: SessionState, username: string, password: string): User {
  return checkPassword({
    username,
    password,
    store: state.store,
    passwords: state.passwords,
    lockouts: state.oauth.lockouts,
    address: '127.0.0.1',
    now: 0,
  });
}

const CARL = userRecord(3, 'carl', { name: 'Carl Adams', email: 'Carl@Example.com' });

describe('SessionState.createUser', () => {
  it('a created user is in the next list, search, filter and count at once', () => {
    const state = newState();
    identifiers(state); // a result in the cache, to be invalidated
    state.createUser(CARL);
    expect(identifiers(state)).toEqual(['ann', 'bob', 'carl']);
    expect(identifiers(state, query('adams'))).toEqual(['carl']);
    expect(identifiers(state, query('', { id: CARL.id.toUpperCase() }))).toEqual(['carl']);
    expect(state.engine.run(query(), VISIBLE_TO_ALL).total).toBe(3);
    expect(state.store.userById(CARL.id)).toEqual(CARL);
    expect(state.store.byLogin('carl@example.com')).toEqual(CARL);
  });

  it('the JSON page shows the created and the updated records, without the hidden fields', () => {
    const state = newState();
    state.createUser(CARL);
    state.updateUser('ann', { ...ANN, name: 'Ann Changed' });
    const page = state.engine.run(query(), VISIBLE_TO_ALL);
    const text = new TextDecoder().decode(pageJson(state.store, page.slots, []));
    expect(JSON.parse(text)).toEqual([{ ...ANN, name: 'Ann Changed' }, BOB, CARL]);
    const hidden = new TextDecoder().decode(pageJson(state.store, page.slots, ['email']));
    expect((JSON.parse(hidden) as Record<string, unknown>[]).map((u) => u.email)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('refuses a live user`s id, identifier or email (case-insensitive) with UserConflict, naming the field', () => {
    const state = newState();
    const cases: [Partial<User>, string][] = [
      [{ id: ANN.id.toUpperCase() }, 'id'],
      [{ identifier: 'bob' }, 'identifier'],
      [{ email: BOB.email.toUpperCase() }, 'email'],
    ];
    for (const [fields, field] of cases) {
      let thrown: unknown;
      try {
        state.createUser({ ...CARL, ...fields });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UserConflict);
      expect(thrown).toMatchObject({ field, value: Object.values(fields)[0] });
      expect((thrown as Error).message).toContain(`choose another ${field}`);
    }
    expect(identifiers(state)).toEqual(['ann', 'bob']);
  });

  it("a deleted user's id, identifier and email may be taken again", () => {
    const state = newState();
    const slot = state.store.slotOfId(ANN.id) ?? -1;
    state.store.delete(slot);
    state.createUser({ ...ANN, name: 'Ann Again' });
    expect(identifiers(state)).toEqual(['ann', 'bob']);
    expect(state.store.userById(ANN.id)?.name).toBe('Ann Again');
  });

  it('refuses a created_at that is not a date-time, with a TypeError naming it', () => {
    const state = newState();
    expect(() => state.createUser({ ...CARL, created_at: 'yesterday' })).toThrow(
      /created_at of user .* is "yesterday", not an RFC 3339 date-time/,
    );
  });

  it('a created user logs in with the default password, or the one given', () => {
    const state = newState();
    state.createUser(CARL);
    expect(logIn(state, 'carl', DEFAULT_PASSWORD).id).toBe(CARL.id);
    const dana = userRecord(4, 'dana');
    state.createUser(dana, 'dana-secret');
    expect(logIn(state, dana.email, 'dana-secret').id).toBe(dana.id);
    expect(() => logIn(state, dana.email, DEFAULT_PASSWORD)).toThrow();
    expect(logIn(state, 'bob', 'bob-secret').id).toBe(BOB.id);
  });
});

describe('SessionState.updateUser', () => {
  it("an updated user's new values are what filters, search, sort and lookups see", () => {
    const state = newState();
    identifiers(state);
    const updated = { ...ANN, name: 'Zed Zulu', status: 'suspended' as const, identifier: 'zed' };
    state.updateUser(ANN.id, updated);
    expect(identifiers(state)).toEqual(['bob', 'zed']);
    expect(identifiers(state, query('zulu'))).toEqual(['zed']);
    expect(identifiers(state, query('ann lee'))).toEqual([]);
    expect(identifiers(state, query('', { status: 'suspended' }))).toEqual(['zed']);
    expect(state.store.slotOfIdentifier('ann')).toBeUndefined();
    expect(state.store.userById(ANN.id)).toEqual(updated);
    expect(state.engine.run(query(), VISIBLE_TO_ALL).total).toBe(2);
  });

  it('takes a slot, a uuid, an identifier or an email; the user keeps their workspaces', () => {
    const state = newState();
    const slot = state.store.slotOfId(BOB.id) ?? -1;
    state.updateUser(slot, { ...BOB, name: 'B1' });
    state.updateUser('bob', { ...BOB, name: 'B2' });
    state.updateUser(BOB.email, { ...BOB, name: 'B3' });
    expect(state.store.userById(BOB.id)?.name).toBe('B3');
    expect(identifiers(state, query('', { workspace: 'ws-1' }))).toEqual(['ann', 'bob']);
    expect(identifiers(state, query('b3', { workspace: 'ws-1' }))).toEqual(['bob']);
  });

  it('its own id, identifier and email are no conflict; another live user`s are', () => {
    const state = newState();
    expect(() => state.updateUser(ANN.id, { ...ANN, email: ANN.email.toUpperCase() })).not.toThrow();
    expect(() => state.updateUser(ANN.id, { ...ANN, identifier: 'bob' })).toThrow(UserConflict);
    expect(() => state.updateUser(ANN.id, { ...ANN, id: BOB.id })).toThrow(UserConflict);
    expect(state.store.userById(ANN.id)?.identifier).toBe('ann');
  });

  it('names what it did not find with UserNotFound: a dead slot, an unknown reference', () => {
    const state = newState();
    const slot = state.store.slotOfId(ANN.id) ?? -1;
    state.store.delete(slot);
    expect(() => state.updateUser(slot, ANN)).toThrow(UserNotFound);
    expect(() => state.updateUser('nobody@example.com', ANN)).toThrow(
      'no user has the id, identifier or email "nobody@example.com"',
    );
  });

  it('a password given becomes the user`s; none keeps the old one, under a changed id too', () => {
    const state = newState();
    state.updateUser('bob', { ...BOB, name: 'Bob B' });
    expect(logIn(state, 'bob', 'bob-secret').name).toBe('Bob B');
    state.updateUser('bob', { ...BOB, id: uuidOf(9) });
    expect(logIn(state, 'bob', 'bob-secret').id).toBe(uuidOf(9));
    state.updateUser('ann', ANN, 'new-secret');
    expect(logIn(state, 'ann', 'new-secret').id).toBe(ANN.id);
  });
});

describe('SessionState: writes are the session`s own', () => {
  it('a create or update in one session is invisible in another, in the default and after a reset', () => {
    const root = newState();
    const a = root.fork();
    const b = root.fork();
    a.createUser(CARL, 'carl-secret');
    a.updateUser('ann', { ...ANN, name: 'Changed' });
    b.createUser(userRecord(5, 'erin'));
    // By name: Bob Stone, Carl Adams, Changed (ann).
    expect(identifiers(a)).toEqual(['bob', 'carl', 'ann']);
    expect(identifiers(b)).toEqual(['ann', 'bob', 'erin']);
    expect(identifiers(root)).toEqual(['ann', 'bob']);
    expect(root.store.userById(CARL.id)).toBeUndefined();
    expect(() => logIn(b, 'carl', 'carl-secret')).toThrow();
    expect(b.passwords.get(CARL.id)).toBeUndefined();
    a.reset();
    expect(identifiers(a)).toEqual(['ann', 'bob']);
    expect(a.passwords.get(CARL.id)).toBeUndefined();
  });

  it('the state bytes count what the writes hold, and a reset gives them back', () => {
    const state = newState();
    const before = state.stateBytes();
    state.createUser(CARL);
    const afterOne = state.stateBytes();
    expect(afterOne).toBeGreaterThan(before);
    state.updateUser('carl', { ...CARL, name: 'Carl B' }, 'pw');
    expect(state.stateBytes()).toBeGreaterThan(afterOne);
    state.reset();
    expect(state.stateBytes()).toBe(before);
  });
});

describe('SessionState.userWriteBytes', () => {
  it('is what a create adds to the state bytes, first copies included', () => {
    const state = newState();
    const before = state.stateBytes();
    const expected = state.userWriteBytes();
    state.createUser(CARL, 'carl-secret');
    expect(state.stateBytes() - before).toBe(expected);
    const next = state.userWriteBytes();
    expect(next).toBeLessThan(expected);
    const afterOne = state.stateBytes();
    state.createUser(userRecord(6, 'fay'), 'fay-secret');
    expect(state.stateBytes() - afterOne).toBe(next);
  });
});
