/**
 * Recording the users a proxy sees (src/drift/record.ts, src/drift/anonymise.ts): merged by id, stand-ins for
 * names, emails and identifiers keyed by id, the known accounts as documented, and a result that the fixtures
 * loader takes as it is.
 */
import { describe, expect, it } from 'vitest';
import { standIn } from '../../src/drift/anonymise.ts';
import { UserRecorder } from '../../src/drift/record.ts';
import { datasetFromRecords } from '../../src/data/fixtures.ts';
import { KNOWN_ACCOUNTS } from '../../src/data/known-accounts.ts';
import { checkUserRecord } from '../../src/data/user-schema.ts';

const IDENTIFIER = /^[a-z0-9][a-z0-9._-]{2,63}$/;
const ADMIN = KNOWN_ACCOUNTS.users[0];

function person(n: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    identifier: `real.person${n}`,
    name: `Real Person ${n}`,
    email: `real.person${n}@corp.example`,
    user_type: 'saas_user',
    status: 'active',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...over,
  };
}

function recorder(capacity?: number): UserRecorder {
  return new UserRecorder({
    known: KNOWN_ACCOUNTS.users,
    check: checkUserRecord,
    ...(capacity === undefined ? {} : { capacity }),
  });
}

describe('standIn', () => {
  it('gives the same values for the same id, on every call', () => {
    const id = 'a0000000-0000-4000-8000-000000000042';
    expect(standIn(id)).toEqual(standIn(id));
  });

  it('gives valid, distinct identifiers and emails for many ids', () => {
    const ids = Array.from(
      { length: 2000 },
      (_, i) => `b${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`,
    );
    const stands = ids.map(standIn);
    for (const s of stands) {
      expect(s.identifier).toMatch(IDENTIFIER);
      expect(s.email).toBe(`${s.identifier}@${s.email.split('@')[1] ?? ''}`);
      expect(s.name.length).toBeGreaterThan(2);
    }
    expect(new Set(stands.map((s) => s.identifier)).size).toBeGreaterThan(1990);
  });
});

describe('UserRecorder', () => {
  it('merges a user seen twice by id, later fields winning, and replaces PII by stand-ins', () => {
    const r = recorder();
    r.add([person(1, { status: 'onboarding' })]);
    r.add([person(1, { status: 'active', created_by: person(2).id }), person(2), 'not a user', { id: 7 }]);
    expect(r.size).toBe(2);
    const { users, skipped } = r.fixtures(false);
    expect(skipped).toBe(0);
    const recorded = users.slice(KNOWN_ACCOUNTS.users.length);
    expect(recorded.map((u) => u.id)).toEqual([person(1).id, person(2).id]);
    const first = recorded[0] ?? {};
    expect(first.status).toBe('active');
    expect(first.created_by).toBe(person(2).id);
    expect(first).toMatchObject(standIn(String(person(1).id)));
    expect(JSON.stringify(users)).not.toMatch(/Real Person|real\.person|corp\.example/);
  });

  it('keeps PII when asked', () => {
    const r = recorder();
    r.add([person(1)]);
    const recorded = r.fixtures(true).users.at(-1);
    expect(recorded).toEqual(person(1));
  });

  it('writes the known accounts as documented, and points references to the service admin at the known admin', () => {
    const r = recorder();
    const realAdmin = person(9, { email: 'ADMIN@example.com', identifier: 'root', user_type: 'saas_admin' });
    r.add([realAdmin, person(1, { created_by: realAdmin.id, updated_by: realAdmin.id })]);
    const { users } = r.fixtures(false);
    expect(users.slice(0, KNOWN_ACCOUNTS.users.length)).toEqual(KNOWN_ACCOUNTS.users);
    expect(users).toHaveLength(KNOWN_ACCOUNTS.users.length + 1);
    expect(users.at(-1)).toMatchObject({ created_by: ADMIN?.id, updated_by: ADMIN?.id });
  });

  it('leaves out references to users it did not record, and skips records the User schema refuses', () => {
    const r = recorder();
    r.add([
      person(1, { created_by: person(99).id }),
      person(2, { status: 'deleted' }),
      person(3, { created_by: person(2).id }),
    ]);
    const { users, skipped } = r.fixtures(false);
    expect(skipped).toBe(1);
    const recorded = users.slice(KNOWN_ACCOUNTS.users.length);
    expect(recorded.map((u) => u.id)).toEqual([person(1).id, person(3).id]);
    expect(recorded.every((u) => u.created_by === undefined)).toBe(true);
  });

  it('with PII kept, skips a record that repeats an email', () => {
    const r = recorder();
    r.add([person(1), person(2, { email: 'REAL.person1@corp.example' })]);
    expect(r.fixtures(true).skipped).toBe(1);
  });

  it('counts the users beyond its capacity without keeping them', () => {
    const r = recorder(2);
    r.add([person(1), person(2), person(3)]);
    r.add([person(1, { status: 'risky' })]);
    expect(r.size).toBe(2);
    expect(r.fixtures(false).overflow).toBe(1);
  });

  it('writes records that the fixtures loader takes as they are', () => {
    const r = recorder();
    const many = Array.from({ length: 300 }, (_, i) =>
      person(i + 1, i % 3 === 0 ? { created_by: person(1).id, updated_by: person(i + 2).id } : {}),
    );
    r.add(many);
    for (const keepPii of [false, true]) {
      const { users, skipped } = r.fixtures(keepPii);
      expect(skipped).toBe(0);
      const dataset = datasetFromRecords({ users }, 'recording');
      expect(dataset.users).toHaveLength(KNOWN_ACCOUNTS.users.length + 300);
    }
  });
});
