/**
 * Any sequence of creates, replaces, merge patches, deletes and lists on an inferred collection answers what a
 * plain reference model answers — an array, filtered, sorted and sliced the obvious way — in each of two sessions
 * over one shared base (the writes of one never show in the other).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionResources } from '../../src/resources/collection-store.ts';
import { readListQuery } from '../../src/resources/list-query.ts';
import { ResourceError } from '../../src/resources/resource-errors.ts';
import type { ResourceRecord } from '../../src/resources/run-list.ts';
import { projectsDoc } from '../support/resource-docs.ts';
import { fixture, must } from '../support/resource-session.ts';

const f = fixture(projectsDoc());
const projects = must(f.model.collections[0], 'projects');
const plan = must(projects.list, 'a list plan');
const READ_ONLY = new Set(projects.readOnly);
const CALLERS = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
const NAMES = ['Apollo', 'apollo two', 'Émile', 'Zeta', 'zeta', 'Orion Belt', 'Orión', 'Vega'];
const STATUSES = ['active', 'archived', 'draft'];

type Body = { name?: string | null; status?: string; priority?: number; description?: string | null };
type Command =
  | { kind: 'create'; session: number; caller: number; body: Body }
  | { kind: 'replace'; session: number; caller: number; pick: number; body: Body }
  | { kind: 'patch'; session: number; caller: number; pick: number; body: Body }
  | { kind: 'delete'; session: number; pick: number }
  | { kind: 'list'; session: number; query: Record<string, string> };

const session = fc.integer({ min: 0, max: 1 });
const caller = fc.integer({ min: 0, max: 1 });
const pick = fc.nat({ max: 1000 });
const fullBody = fc.record({
  name: fc.constantFrom(...NAMES),
  status: fc.constantFrom(...STATUSES),
  priority: fc.integer({ min: 1, max: 5 }),
});
const partialBody = fc.record(
  {
    name: fc.constantFrom<string | null>(...NAMES, null),
    status: fc.constantFrom(...STATUSES),
    priority: fc.integer({ min: 1, max: 5 }),
    description: fc.constantFrom<string | null>('first draft', 'orbit notes', null),
  },
  { requiredKeys: [] },
);
const seededList = f
  .session()
  .list('projects', [], readListQuery(plan, { page_size: '1000' }, projects.sortable)).items;
/** Range bounds: any instant, or exactly a seeded record's created_at (where half-openness shows). */
const instant = fc.oneof(
  fc.constantFrom(...seededList.map((r) => String(r.created_at))),
  fc
    .integer({ min: Date.parse('2023-01-01T00:00:00Z'), max: Date.parse('2026-03-01T00:00:00Z') })
    .map((ms) => new Date(ms).toISOString()),
);
const QUERY_KEYS = [
  'status',
  'priority',
  'created_at_from',
  'created_at_to',
  'sort_by',
  'sort_order',
  'page',
  'page_size',
  'search',
] as const;
const listQuery = fc
  .tuple(
    fc.record({
      status: fc.constantFrom(...STATUSES),
      priority: fc.integer({ min: 1, max: 5 }).map(String),
      created_at_from: instant,
      created_at_to: instant,
      sort_by: fc.constantFrom('name', 'priority', 'created_at', 'status'),
      sort_order: fc.constantFrom('asc', 'desc'),
      page: fc.integer({ min: 1, max: 4 }).map(String),
      page_size: fc.integer({ min: 1, max: 30 }).map(String),
      search: fc.constantFrom('apollo', 'zeta', 'orbit', 'emile', 'vega', 'apolo'),
    }),
    fc.subarray([...QUERY_KEYS], { maxLength: 4 }),
  )
  .map(([all, keys]) => Object.fromEntries(keys.map((k) => [k, all[k]])) as Record<string, string>)
  .map((q) => {
    const out: Record<string, string> = { ...q };
    if (out.search !== undefined && out.sort_by === undefined) out.sort_by = 'name'; // ranking is tested on its own
    if (
      out.created_at_from !== undefined &&
      out.created_at_to !== undefined &&
      out.created_at_from > out.created_at_to
    ) {
      [out.created_at_from, out.created_at_to] = [out.created_at_to, out.created_at_from];
    }
    return out;
  });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), session, caller, body: fullBody }),
  fc.record({ kind: fc.constant('replace' as const), session, caller, pick, body: fullBody }),
  fc.record({ kind: fc.constant('patch' as const), session, caller, pick, body: partialBody }),
  fc.record({ kind: fc.constant('delete' as const), session, pick }),
  fc.record({ kind: fc.constant('list' as const), session, query: listQuery }),
);

// --- the reference model --------------------------------------------------------------------------------------

const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Optimal-string-alignment distance ≤ 1, by the textbook dynamic programme over a flat table. */
function withinOneEdit(a: string, b: string): boolean {
  const w = b.length + 1;
  const d = new Array<number>((a.length + 1) * w).fill(0);
  const get = (i: number, j: number): number => d[i * w + j] ?? 0;
  for (let i = 0; i <= a.length; i++) d[i * w] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(
        get(i - 1, j) + 1,
        get(i, j - 1) + 1,
        get(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, get(i - 2, j - 2) + 1);
      d[i * w + j] = v;
    }
  }
  return get(a.length, b.length) <= 1;
}

function searchMatches(record: ResourceRecord, search: string): boolean {
  const fields = ['name', 'status', 'description']
    .map((k) => record[k])
    .filter((v): v is string => typeof v === 'string')
    .map(fold);
  return fold(search)
    .split(/\s+/)
    .filter((t) => t !== '')
    .every((term) =>
      fields.some(
        (field) =>
          field.includes(term) ||
          (term.length >= 4 && field.split(/[^\p{L}\p{N}]+/u).some((w) => withinOneEdit(term, w))),
      ),
    );
}

function referenceList(
  records: readonly ResourceRecord[],
  q: Record<string, string>,
): { items: ResourceRecord[]; total: number } {
  let rows = records.filter(
    (r) =>
      (q.status === undefined || r.status === q.status) &&
      (q.priority === undefined || r.priority === Number(q.priority)) &&
      (q.created_at_from === undefined ||
        Date.parse(String(r.created_at)) >= Date.parse(q.created_at_from)) &&
      (q.created_at_to === undefined || Date.parse(String(r.created_at)) < Date.parse(q.created_at_to)) &&
      (q.search === undefined || searchMatches(r, q.search)),
  );
  if (q.sort_by !== undefined) {
    const by = q.sort_by;
    const sign = q.sort_order === 'desc' ? -1 : 1;
    rows = [...rows].sort((a, b) => {
      const x = a[by];
      const y = b[by];
      const c =
        by === 'priority'
          ? Number(x) - Number(y)
          : by === 'created_at'
            ? Date.parse(String(x)) - Date.parse(String(y))
            : String(x).localeCompare(String(y), 'en', { sensitivity: 'base' });
      return c !== 0 ? c * sign : String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0;
    });
  }
  const size = Number(q.page_size ?? 20);
  const start = (Number(q.page ?? 1) - 1) * size;
  return { items: rows.slice(start, start + size), total: rows.length };
}

interface Reference {
  records: ResourceRecord[];
  tick: number;
}

function now(ref: Reference): string {
  ref.tick += 1000;
  return new Date(ref.tick).toISOString();
}

function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    if (error instanceof ResourceError) return { error: error.code };
    throw error;
  }
}

function nameTaken(records: readonly ResourceRecord[], name: unknown, self: unknown): boolean {
  return records.some((r) => r.id !== self && r.name === name);
}

function step(engine: SessionResources, ref: Reference, cmd: Command): void {
  const records = ref.records;
  const target =
    cmd.kind === 'create' || cmd.kind === 'list' || records.length === 0
      ? undefined
      : records[cmd.pick % records.length];
  switch (cmd.kind) {
    case 'create': {
      const stamp = now(ref);
      const got = outcome(() => engine.create('projects', [], cmd.body, { userId: CALLERS[cmd.caller] }));
      if (nameTaken(records, cmd.body.name, undefined)) {
        expect(got).toEqual({ error: 'conflict' });
        return;
      }
      const id = (got as ResourceRecord).id;
      expect(records.some((r) => r.id === id)).toBe(false);
      const expected = {
        ...cmd.body,
        id,
        created_at: stamp,
        updated_at: stamp,
        created_by: CALLERS[cmd.caller],
        updated_by: CALLERS[cmd.caller],
      };
      expect(got).toEqual(expected);
      records.push(expected);
      return;
    }
    case 'replace':
    case 'patch': {
      if (target === undefined) return;
      const stamp = now(ref);
      const id = String(target.id);
      const got = outcome(() =>
        cmd.kind === 'replace'
          ? engine.replace('projects', [], id, cmd.body, { userId: CALLERS[cmd.caller] })
          : engine.patch('projects', [], id, cmd.body, { userId: CALLERS[cmd.caller] }),
      );
      const merged: Record<string, unknown> =
        cmd.kind === 'replace' ? { ...cmd.body } : { ...target, ...cmd.body };
      const next = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null));
      for (const k of READ_ONLY) if (target[k] !== undefined) next[k] = target[k];
      next.updated_at = stamp;
      next.updated_by = CALLERS[cmd.caller];
      if (next.name === undefined) {
        expect(got).toEqual({ error: 'invalid_request' });
        return;
      }
      if (nameTaken(records, next.name, target.id)) {
        expect(got).toEqual({ error: 'conflict' });
        return;
      }
      expect(got).toEqual(next);
      records[records.indexOf(target)] = next;
      return;
    }
    case 'delete': {
      if (target === undefined) return;
      engine.delete('projects', [], String(target.id));
      records.splice(records.indexOf(target), 1);
      expect(outcome(() => engine.read('projects', [], String(target.id)))).toEqual({
        error: 'project_not_found',
      });
      return;
    }
    case 'list': {
      const got = engine.list('projects', [], readListQuery(plan, cmd.query, projects.sortable));
      expect(got).toEqual(referenceList(records, cmd.query));
      return;
    }
  }
}

describe('an inferred collection against a reference model', () => {
  const seeded = f
    .session()
    .list('projects', [], readListQuery(plan, { page_size: '1000' }, projects.sortable)).items;

  it('answers every sequence as the reference does, in two sessions over one base', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        const engines = [f.session(), f.session(8)];
        const refs: Reference[] = engines.map(() => ({
          records: [...seeded],
          tick: Date.parse('2026-02-01T00:00:00.000Z'),
        }));
        for (const cmd of commands) step(must(engines[cmd.session]), must(refs[cmd.session]), cmd);
        for (const [i, engine] of engines.entries()) {
          // Every order after the last write: a kept order from before it must not answer.
          for (const sort_by of ['name', 'priority', 'created_at', 'status']) {
            for (const sort_order of ['asc', 'desc']) {
              const q = { sort_by, sort_order, page_size: '1000' };
              expect(engine.list('projects', [], readListQuery(plan, q, projects.sortable))).toEqual(
                referenceList(must(refs[i]).records, q),
              );
            }
          }
          expect(
            engine.list('projects', [], readListQuery(plan, { page_size: '1000' }, projects.sortable)).items,
          ).toEqual(must(refs[i]).records);
        }
        expect(
          f.session().list('projects', [], readListQuery(plan, { page_size: '1000' }, projects.sortable))
            .items,
        ).toEqual(seeded);
      }),
      { seed: 39, numRuns: 150 },
    );
  });
});
