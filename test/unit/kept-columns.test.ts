/** What seeding keeps as numbers beside its records (times, member slots), and what a store makes of them. */
import { describe, expect, it } from 'vitest';
import { seedDataset } from '../../src/data/seed.ts';
import { keepMemberSlots, keepUserTimes, memberSlotsOf, userTimesOf } from '../../src/data/kept-columns.ts';
import { QueryEngine } from '../../src/users/engine.ts';
import { storeOf, userRecord } from '../support/user-records.ts';

const dataset = seedDataset({ seed: 11, users: 2500 });
const parsed = (field: 'created_at' | 'updated_at') =>
  Float64Array.from(dataset.users, (user) => Date.parse(user[field]));

describe('user times', () => {
  it('are kept by seeding for every user, known accounts first, each its timestamp parsed', () => {
    const times = userTimesOf(dataset.users);
    expect(times?.createdMs).toEqual(parsed('created_at'));
    expect(times?.updatedMs).toEqual(parsed('updated_at'));
  });

  it('belong to the array they were kept for: a copy of the users has none', () => {
    expect(userTimesOf([...dataset.users])).toBeUndefined();
  });

  it('are refused for an array that could still change, or of another length', () => {
    const users = [userRecord(1, 'ann'), userRecord(2, 'bob')];
    const two = { createdMs: new Float64Array(2), updatedMs: new Float64Array(2) };
    expect(() => {
      keepUserTimes(users, two);
    }).toThrow(/frozen/);
    const frozen = Object.freeze([...users]);
    expect(() => {
      keepUserTimes(frozen, { createdMs: new Float64Array(1), updatedMs: new Float64Array(2) });
    }).toThrow(/2 users but 1 times/);
    keepUserTimes(frozen, two);
    expect(userTimesOf(frozen)).toBe(two);
  });

  it('give a store the same columns and time orders as parsing its records', () => {
    const kept = storeOf(dataset.users, dataset.workspaces);
    const copied = storeOf([...dataset.users], dataset.workspaces);
    expect(kept.base.createdMs).toEqual(copied.base.createdMs);
    expect(kept.base.updatedMs).toEqual(copied.base.updatedMs);
    for (const field of ['created_at', 'updated_at'] as const) {
      const page = (store: typeof kept) =>
        Array.from(
          new QueryEngine(store, { cacheSize: 0 }).run(
            {
              filter: { createdAt: { from: Date.parse('2025-01-01T00:00:00.000Z') } },
              terms: [],
              sort: { field, direction: 'desc' },
              page: 2,
              pageSize: 100,
            },
            { kind: 'all' },
          ).slots,
        );
      expect(page(kept)).toEqual(page(copied));
      expect(page(kept)).toHaveLength(100);
    }
  });
});

describe('member slots', () => {
  it('are kept by seeding for every workspace: each member id is the id of the user at its slot', () => {
    const slots = memberSlotsOf(dataset.workspaces, dataset.users);
    expect(slots).toHaveLength(dataset.workspaces.length);
    for (const [w, workspace] of dataset.workspaces.entries()) {
      expect(slots?.[w]?.map((slot) => dataset.users[slot]?.id)).toEqual(workspace.members);
    }
  });

  it('count only for the users they were kept with', () => {
    expect(memberSlotsOf(dataset.workspaces, [...dataset.users])).toBeUndefined();
    expect(memberSlotsOf([...dataset.workspaces], dataset.users)).toBeUndefined();
  });

  it('are refused for workspaces that could still change, or of another count of members', () => {
    const users = Object.freeze([userRecord(1, 'ann'), userRecord(2, 'bob')]);
    const workspaces = [{ id: 'ws-01', name: 'One', members: [users[0]?.id ?? ''] }];
    expect(() => {
      keepMemberSlots(workspaces, users, [[0]]);
    }).toThrow(/frozen/);
    const frozen = Object.freeze(workspaces);
    expect(() => {
      keepMemberSlots(frozen, users, [[0, 1]]);
    }).toThrow(/ws-01 has 1 members/);
    keepMemberSlots(frozen, users, [[0]]);
    expect(memberSlotsOf(frozen, users)).toEqual([[0]]);
  });

  it('give a store the same memberships as looking up each member', () => {
    const kept = storeOf(dataset.users, dataset.workspaces);
    const copied = storeOf([...dataset.users], dataset.workspaces);
    for (const workspace of dataset.workspaces) {
      expect(kept.memberships.members(workspace.id)).toEqual(copied.memberships.members(workspace.id));
      expect(kept.memberships.members(workspace.id).length).toBeGreaterThan(0);
    }
    for (let slot = 0; slot < dataset.users.length; slot += 97) {
      expect(kept.memberships.coMembers(slot)).toEqual(copied.memberships.coMembers(slot));
    }
  });
});
