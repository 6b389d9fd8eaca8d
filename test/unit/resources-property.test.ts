/**
 * Any sequence of creates, replaces, merge patches, deletes and lists on an inferred collection answers what a
 * plain reference model answers — an array, filtered, ranked or sorted and sliced the obvious way — in each of two
 * sessions over one shared base (the writes of one never show in the other): over 20 seeded records, and over 300
 * (where lists take the shared indexes' paths: postings, date orders, the search index, cached results). A nested
 * collection answers per parent, and deleting a parent deletes its children.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionResources } from '../../src/resources/collection-store.ts';
import { readListQuery } from '../../src/resources/list-query.ts';
import { ResourceError } from '../../src/resources/resource-errors.ts';
import type { ResourceRecord } from '../../src/resources/run-list.ts';
import { projectsDoc } from '../support/resource-docs.ts';
import { fixture, must, type Fixture } from '../support/resource-session.ts';

const READ_ONLY_OF = (f: Fixture): Set<string> => new Set(must(f.model.collections[0]).readOnly);
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

/** Every record of the collection, as a session that wrote nothing lists them. */
function seededOf(f: Fixture): readonly ResourceRecord[] {
  const projects = must(f.model.collections[0], 'projects');
  return f
    .session()
    .list('projects', [], readListQuery(must(projects.list), { page_size: '1000' }, projects.sortable)).items;
}

/** Commands over the collection of `f`: list queries draw their bounds and search terms from its records. */
function commandsOf(f: Fixture, ranked: boolean): fc.Arbitrary<Command> {
  const seeded = seededOf(f);
  /** Range bounds: any instant, or exactly a seeded record's created_at (where half-openness shows). */
  const instant = fc.oneof(
    fc.constantFrom(...seeded.map((r) => String(r.created_at))),
    fc
      .integer({ min: Date.parse('2023-01-01T00:00:00Z'), max: Date.parse('2026-03-01T00:00:00Z') })
      .map((ms) => new Date(ms).toISOString()),
  );
  const words = seeded
    .slice(0, 12)
    .flatMap((r) => fold(String(r.name)).split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length >= 3);
  const search = fc.oneof(
    fc.constantFrom('apollo', 'zeta', 'orbit', 'emile', 'vega', 'apolo', 'active', 'orion belt', 'zeta two'),
    fc.constantFrom(...words),
    // A word with one edit (fuzzy), and a seeded id's first 8 units or whole (the id rule).
    fc.constantFrom(...words.filter((w) => w.length >= 5)).map((w) => `${w.slice(0, 2)}${w.slice(3)}`),
    fc.constantFrom(...seeded.slice(0, 5)).map((r) => String(r.id).slice(0, 8)),
    fc.constantFrom(...seeded.slice(0, 5)).map((r) => String(r.id)),
  );
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
        search,
      }),
      fc.subarray([...QUERY_KEYS], { maxLength: 4 }),
    )
    .map(([all, keys]) => Object.fromEntries(keys.map((k) => [k, all[k]])) as Record<string, string>)
    .map((q) => {
      const out: Record<string, string> = { ...q };
      if (!ranked && out.search !== undefined && out.sort_by === undefined) out.sort_by = 'name';
      if (
        out.created_at_from !== undefined &&
        out.created_at_to !== undefined &&
        out.created_at_from > out.created_at_to
      ) {
        [out.created_at_from, out.created_at_to] = [out.created_at_to, out.created_at_from];
      }
      return out;
    });
  return fc.oneof(
    fc.record({ kind: fc.constant('create' as const), session, caller, body: fullBody }),
    fc.record({ kind: fc.constant('replace' as const), session, caller, pick, body: fullBody }),
    fc.record({ kind: fc.constant('patch' as const), session, caller, pick, body: partialBody }),
    fc.record({ kind: fc.constant('delete' as const), session, pick }),
    fc.record({ kind: fc.constant('list' as const), session, query: listQuery }),
  );
}

// --- the reference model --------------------------------------------------------------------------------------

const fold = (s: string): string =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

/** Optimal-string-alignment distance ≤ 1, by the textbook dynamic programme over a flat table. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false; // one edit changes the length by one at most
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

const WORD = /[\p{L}\p{N}]/u;

/**
 * The search tier of `record` for `search` (docs/users.md "Search"), or -1 when it does not match: per term, 0 when
 * a field (or the id) equals it, 1 when the id starts with it (8+ units) or a field has it at the start of a word,
 * 2 when a field has it elsewhere, 3 when only a word within one edit matches (terms of 4+ units); the record's
 * tier is the worst of its terms', or 0 when the whole search equals a field.
 */
function referenceTier(record: ResourceRecord, search: string): number {
  const id = fold(String(record.id));
  const fields = ['name', 'status', 'description']
    .map((k) => record[k])
    .filter((v): v is string => typeof v === 'string')
    .map(fold);
  const terms = [...new Set(fold(search).trim().split(/\s+/))].filter((t) => t !== '');
  let worst = 0;
  for (const term of terms) {
    let tier = id === term || fields.includes(term) ? 0 : term.length >= 8 && id.startsWith(term) ? 1 : -1;
    for (const field of fields) {
      for (let p = field.indexOf(term); p >= 0 && tier !== 0; p = field.indexOf(term, p + 1)) {
        const found = p === 0 || !WORD.test(field.charAt(p - 1)) ? 1 : 2;
        tier = tier === -1 ? found : Math.min(tier, found);
      }
    }
    if (
      tier === -1 &&
      term.length >= 4 &&
      fields.some((field) => field.split(/[^\p{L}\p{N}]+/u).some((w) => withinOneEdit(term, w)))
    )
      tier = 3;
    if (tier === -1) return -1;
    worst = Math.max(worst, tier);
  }
  const whole = terms.join(' ');
  return id === whole || fields.includes(whole) ? 0 : worst;
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
      (q.search === undefined || referenceTier(r, q.search) >= 0),
  );
  if (q.search !== undefined && q.sort_by === undefined) {
    // Ranked: by tier, then the collection's order (seeded order, replaced records in place, created ones after).
    const search = q.search;
    rows = rows
      .map((r, position) => ({ r, position, tier: referenceTier(r, search) }))
      .sort((a, b) => a.tier - b.tier || a.position - b.position)
      .map((x) => x.r);
  } else if (q.sort_by !== undefined) {
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

function step(f: Fixture, engine: SessionResources, ref: Reference, cmd: Command): void {
  const projects = must(f.model.collections[0], 'projects');
  const plan = must(projects.list, 'a list plan');
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
      for (const k of READ_ONLY_OF(f)) if (target[k] !== undefined) next[k] = target[k];
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

/** Runs command sequences over `f` in two sessions, each checked against its own reference. */
function property(f: Fixture, ranked: boolean, numRuns: number, seed: number): void {
  const seeded = seededOf(f);
  const projects = must(f.model.collections[0], 'projects');
  const plan = must(projects.list, 'a list plan');
  const list = (engine: SessionResources, q: Record<string, string>) =>
    engine.list('projects', [], readListQuery(plan, q, projects.sortable));
  fc.assert(
    fc.property(fc.array(commandsOf(f, ranked), { maxLength: 40 }), (commands) => {
      const engines = [f.session(), f.session(8)];
      const refs: Reference[] = engines.map(() => ({
        records: [...seeded],
        tick: Date.parse('2026-02-01T00:00:00.000Z'),
      }));
      for (const cmd of commands) step(f, must(engines[cmd.session]), must(refs[cmd.session]), cmd);
      for (const [i, engine] of engines.entries()) {
        // Every order after the last write: a kept result from before it must not answer.
        for (const sort_by of ['name', 'priority', 'created_at', 'status']) {
          for (const sort_order of ['asc', 'desc']) {
            const q = { sort_by, sort_order, page_size: '1000' };
            expect(list(engine, q)).toEqual(referenceList(must(refs[i]).records, q));
          }
        }
        expect(list(engine, { page_size: '1000' }).items).toEqual(must(refs[i]).records);
        // Every page of a few queries is the slice of the whole answer: where a page starts among the session's
        // own rows and its hidden seeded ones is found without walking from the first.
        for (const q of [
          {},
          { sort_by: 'name' },
          { status: 'active', sort_by: 'priority' },
          { search: 'zeta' },
        ]) {
          const whole = list(engine, { ...q, page_size: '1000' }).items;
          for (const size of [1, 3, 7]) {
            for (let page = 1; (page - 1) * size <= whole.length; page++) {
              const got = list(engine, { ...q, page: String(page), page_size: String(size) });
              expect(got.items).toEqual(whole.slice((page - 1) * size, page * size));
            }
          }
        }
      }
      expect(list(f.session(), { page_size: '1000' }).items).toEqual(seeded);
    }),
    { seed, numRuns },
  );
}

describe('an inferred collection against a reference model', () => {
  it('answers every sequence as the reference does, in two sessions over one base', () => {
    property(fixture(projectsDoc()), false, 150, 39);
  });

  it('ranks a search without sort_by as the reference does: tier, then the collection order', () => {
    property(fixture(projectsDoc()), true, 100, 3901);
  });

  it('answers the same over 300 seeded records, where lists take the shared indexes and cached results', () => {
    const big = fixture(projectsDoc({ 'x-mock-count': 300 }));
    property(big, true, 8, 3902);
    property(big, false, 5, 3903);
  });
});

// --- a nested collection ----------------------------------------------------------------------------------------

type NestedCommand =
  | { kind: 'create'; session: number; project: number; title: string; done: boolean }
  | { kind: 'deleteTask'; session: number; project: number; task: number }
  | { kind: 'deleteProject'; session: number; project: number }
  | { kind: 'list'; session: number; project: number };

const nestedCommand: fc.Arbitrary<NestedCommand> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    session,
    project: pick,
    title: fc.constantFrom('Write', 'Review', 'Ship'),
    done: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('deleteTask' as const), session, project: pick, task: pick }),
  fc.record({ kind: fc.constant('deleteProject' as const), session, project: pick }),
  fc.record({ kind: fc.constant('list' as const), session, project: pick }),
);

interface NestedReference {
  /** Every project the session saw, live or deleted, in seeded order. */
  readonly projects: readonly string[];
  readonly live: Set<string>;
  /** Each live project's tasks, in the collection's order. */
  readonly tasks: Map<string, ResourceRecord[]>;
  maxId: number;
}

describe('a nested collection against a reference model', () => {
  it('answers per parent, numbers ids past every one given, and a deleted parent takes its children', () => {
    const f = fixture(projectsDoc());
    const tasks = must(f.model.collections.find((c) => c.name === 'tasks'));
    const plan = must(tasks.list, 'a list plan for tasks');
    const projectIds = seededOf(f).map((r) => String(r.id));
    const listOf = (engine: SessionResources, project: string): unknown =>
      outcome(() => engine.list('tasks', [project], readListQuery(plan, {}, tasks.sortable)));
    const start = (engine: SessionResources): NestedReference => {
      const byProject = new Map<string, ResourceRecord[]>();
      let maxId = 0;
      for (const id of projectIds) {
        const seeded = [...engine.list('tasks', [id], readListQuery(plan, {}, tasks.sortable)).items];
        for (const t of seeded) maxId = Math.max(maxId, Number(t.id));
        byProject.set(id, seeded);
      }
      return { projects: projectIds, live: new Set(projectIds), tasks: byProject, maxId };
    };
    fc.assert(
      fc.property(fc.array(nestedCommand, { maxLength: 40 }), (commands) => {
        const engines = [f.session(), f.session(8)];
        const refs = engines.map(start);
        for (const cmd of commands) {
          const engine = must(engines[cmd.session]);
          const ref = must(refs[cmd.session]);
          const project = must(ref.projects[cmd.project % ref.projects.length]);
          const own = ref.tasks.get(project);
          switch (cmd.kind) {
            case 'create': {
              const got = outcome(() =>
                engine.create(
                  'tasks',
                  [project],
                  { title: cmd.title, done: cmd.done },
                  { userId: undefined },
                ),
              );
              if (own === undefined) {
                expect(got).toEqual({ error: 'project_not_found' });
                break;
              }
              const expected = { id: ++ref.maxId, project_id: project, title: cmd.title, done: cmd.done };
              expect(got).toEqual(expected);
              own.push(expected);
              break;
            }
            case 'deleteTask': {
              const task = own?.[cmd.task % Math.max(1, own.length)];
              if (own === undefined || task === undefined) break;
              engine.delete('tasks', [project], String(task.id));
              own.splice(own.indexOf(task), 1);
              break;
            }
            case 'deleteProject':
              if (own === undefined) {
                expect(
                  outcome(() => {
                    engine.delete('projects', [], project);
                  }),
                ).toEqual({
                  error: 'project_not_found',
                });
                break;
              }
              engine.delete('projects', [], project);
              ref.tasks.delete(project);
              ref.live.delete(project);
              break;
            case 'list':
              expect(listOf(engine, project)).toEqual(
                own === undefined ? { error: 'project_not_found' } : { items: own, total: own.length },
              );
              break;
          }
        }
        for (const [i, engine] of engines.entries()) {
          const ref = must(refs[i]);
          let count = 0;
          for (const project of ref.projects) {
            const own = ref.tasks.get(project);
            count += own?.length ?? 0;
            expect(listOf(engine, project)).toEqual(
              own === undefined ? { error: 'project_not_found' } : { items: own, total: own.length },
            );
          }
          expect(engine.count('tasks')).toBe(count);
          expect(engine.count('projects')).toBe(ref.live.size);
        }
      }),
      { seed: 3904, numRuns: 100 },
    );
  });
});
