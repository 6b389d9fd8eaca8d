/**
 * The resource engine's lists (docs/performance.md "Inferred collections"), in one process of its own: `npm run
 * bench` runs it with `--only resources`; `tsx bench/resources.ts [--records N] [--quick]` runs it alone. All in
 * process, in the same run:
 * - an inferred collection of N records (10 000 unless told): examples/own-spec/openapi.yaml's `workspaces` with
 *   `x-mock-count: N`, read by `inferResources`, seeded by the seeder, listed through `SessionResources.list`;
 * - the users engine at N users (`QueryEngine.answer`, as bench/writes.ts builds it);
 * - for each kind of query (plain page, sorted page, equality filter, search, range), a pool of a few queries and
 *   pages cycled for a fixed time on each side, the page serialised as a request does (the JSON of the records
 *   (`itemsJson`, the seeded ones' text kept as the users' is), `pageJson` of the users); the rate of each, the ratio resources ÷ users, and the longest single call
 *   (the first call of each kind included: whatever is built on first use is built there);
 * - the same lists in a session that wrote (creates, replaces and deletes), against the untouched session.
 * Prints a table and the targets (≥ 0.8× /users per kind, no call > 50 ms) as met / not met, and the figures as JSON
 * on the last line.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { visibilityOf } from '../src/access/row-level.ts';
import { loadSpecs } from '../src/adapters/express/specs.ts';
import { generateMersenne53Randomizer, loadFaker } from '../src/data/faker.ts';
import { runToEnd } from '../src/data/sliced-work.ts';
import { buildMock } from '../src/mock.ts';
import { ResourceBase } from '../src/resources/base-collection.ts';
import { SessionResources } from '../src/resources/collection-store.ts';
import { inferResources } from '../src/resources/infer.ts';
import { readListQuery } from '../src/resources/list-query.ts';
import { SchemaReader } from '../src/resources/schema.ts';
import { ResourceSeeder } from '../src/resources/seed.ts';
import { deepFreeze, parseSpecDocument, type SpecDocument } from '../src/spec/document.ts';
import { pageJson } from '../src/users/page-json.ts';
import { readListUsersSpec, toUsersQuery } from '../src/users/query.ts';

const { values } = parseArgs({
  options: { records: { type: 'string' }, quick: { type: 'boolean' }, seed: { type: 'string' } },
});
const QUICK = values.quick === true;
const RECORDS = Number(values.records ?? '10000');
const SEED = Number(values.seed ?? '42');
/** Milliseconds each side cycles its pool, per kind and round. */
const WINDOW_MS = QUICK ? 300 : 1000;
const ROUNDS = QUICK ? 1 : 3;
/** Writes of the session that wrote, before its lists are timed. */
const WRITES = 300;
export const LIST_TARGET = 0.8;
export const HELD_TARGET_MS = 50;

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** examples/own-spec/openapi.yaml with `records` workspaces seeded. */
function benchDocument(records: number): SpecDocument {
  const file = new URL('../examples/own-spec/openapi.yaml', import.meta.url);
  const parsed = parseSpecDocument(readFileSync(file, 'utf8'), file.pathname);
  const doc = structuredClone(parsed) as { components: { schemas: Record<string, Record<string, unknown>> } };
  const workspace = doc.components.schemas.Workspace;
  if (workspace === undefined) throw new Error(`${file.pathname} has no Workspace schema`);
  workspace['x-mock-count'] = records;
  return deepFreeze(doc as unknown as SpecDocument);
}

await loadFaker();
const document = benchDocument(RECORDS);
const model = inferResources(document);
const seeder = new ResourceSeeder(model, new SchemaReader(document), { seed: SEED });
const base = new ResourceBase(model, (name) => seeder.entries(name));
/** The same records, nothing built: where the first call of each kind builds what it needs. */
const unprepared = new ResourceBase(model, (name) => seeder.entries(name));
const workspaces = model.collections.find((c) => c.name === 'workspaces');
if (workspaces?.list === undefined) throw new Error('the bench document has no workspaces list');
const plan = workspaces.list;
const seededCount = base.collection('workspaces').entries.length;

function session(seed: number, over = base): SessionResources {
  let tick = Date.parse('2026-02-01T00:00:00.000Z');
  const randomizer = generateMersenne53Randomizer(seed);
  return new SessionResources(over, {
    now: () => new Date((tick += 1000)).toISOString(),
    random: () => randomizer.next(),
  });
}

const specs = loadSpecs();
const usersSpec = readListUsersSpec(specs.api.model);
const mock = buildMock({ specs, seed: SEED, users: RECORDS });
runToEnd(mock.state.store.base.prepare());
const admin = {
  claims: {},
  permissions: new Set<string>(),
  slot: mock.state.store.slotOfIdentifier('admin'),
};
const visibility = visibilityOf(admin, mock.state.store);

/** Words of seeded names, for search terms that match something on both sides. */
const seededRecords = base.collection('workspaces').entries.map((e) => e.record);
const nameWords = (names: readonly string[]): string[] =>
  names
    .flatMap((n) => n.toLowerCase().split(/[^a-z]+/))
    .filter((w) => w.length >= 4)
    .filter((w, i, all) => all.indexOf(w) === i)
    .slice(0, 6);
const resourceTerms = nameWords(seededRecords.slice(0, 40).map((r) => String(r.name)));
const userTerms = nameWords(mock.state.store.users.slice(0, 40).map((u) => u.name));

type Query = Record<string, string>;
interface Kind {
  readonly kind: string;
  readonly resources: readonly Query[];
  readonly users: readonly Query[];
}
const pages = (q: Query, size: string, key: string): Query[] =>
  ['1', '2', '5', '20'].map((page) => ({ ...q, page, [key]: size }));
const KINDS: readonly Kind[] = [
  { kind: 'plain page', resources: pages({}, '20', 'per_page'), users: pages({}, '20', 'page_size') },
  {
    kind: 'sorted page',
    resources: [
      ...pages({ sort_by: 'name' }, '20', 'per_page'),
      ...pages({ sort_by: 'slug', sort_order: 'desc' }, '20', 'per_page'),
    ],
    users: [
      ...pages({ sort_by: 'name' }, '20', 'page_size'),
      ...pages({ sort_by: 'email', sort_order: 'desc' }, '20', 'page_size'),
    ],
  },
  {
    kind: 'equality filter',
    resources: ['free', 'team', 'enterprise'].flatMap((p) => pages({ plan: p }, '20', 'per_page')),
    users: ['active', 'suspended', 'risky'].flatMap((s) => pages({ status: s }, '20', 'page_size')),
  },
  {
    kind: 'search',
    resources: resourceTerms.map((search) => ({ search })),
    users: userTerms.map((search) => ({ search })),
  },
  {
    kind: 'range',
    resources: ['2023-09-01', '2024-03-01', '2024-09-01'].map((from) => ({
      created_at_from: `${from}T00:00:00Z`,
      created_at_to: '2025-06-01T00:00:00Z',
    })),
    users: ['2023-09-01', '2024-03-01', '2024-09-01'].map((from) => ({
      created_at_from: `${from}T00:00:00Z`,
      created_at_to: '2025-06-01T00:00:00Z',
    })),
  },
];

/** One call of each side: the page of a query, serialised as a request answers it. */
function resourceCall(s: SessionResources, q: Query): number {
  const page = s.list('workspaces', [], readListQuery(plan, q, workspaces?.sortable ?? new Set()));
  return s.itemsJson('workspaces', page.items).length + page.total;
}
async function userCall(q: Query): Promise<number> {
  const page = await mock.state.engine.answer(toUsersQuery(q, usersSpec), visibility);
  return pageJson(mock.state.store, page.slots, []).length + page.total;
}

interface Rate {
  readonly perSecond: number;
  /** The longest single call in CPU time (a shared machine's descheduling is not the call's). */
  readonly worstMs: number;
}

/** CPU milliseconds `work` takes (user and system, this process). */
async function cpuMs(work: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Calls `call` over `pool` in turn for WINDOW_MS: calls per second and the longest single call. */
async function cycle(pool: readonly Query[], call: (q: Query) => unknown): Promise<Rate> {
  let calls = 0;
  let worst = 0;
  const started = performance.now();
  while (performance.now() - started < WINDOW_MS) {
    const q = pool[calls % pool.length] ?? {};
    worst = Math.max(worst, await cpuMs(() => call(q)));
    calls++;
  }
  return { perSecond: (calls * 1000) / (performance.now() - started), worstMs: worst };
}

/** Turns of the event loop until one passes in under 5 ms (2 s at most): what the mock queued at build runs here. */
async function settle(): Promise<void> {
  const until = performance.now() + 2000;
  while (performance.now() < until) {
    const started = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    if (performance.now() - started < 5) return;
  }
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;

/** A session that created, replaced and deleted WRITES records in turn. */
function writtenSession(): SessionResources {
  const s = session(11);
  const keys = base.collection('workspaces').entries.map((e) => e.key);
  const caller = { userId: undefined };
  for (let k = 0; k < WRITES; k++) {
    const key = keys[(k * 7919) % keys.length] ?? '';
    // A delete first: the collection is seeded full (x-mock-max), so each create takes a deleted one's room.
    if (k % 3 === 2)
      s.create('workspaces', [], { name: `Bench Made ${k}`, slug: `bench-made-${k}`, plan: 'team' }, caller);
    else if (k % 3 === 1)
      s.replace(
        'workspaces',
        [],
        key,
        { name: `Bench Edited ${k}`, slug: `bench-edit-${k}`, plan: 'free' },
        caller,
      );
    else s.delete('workspaces', [], key);
  }
  return s;
}

interface KindFigures {
  readonly kind: string;
  readonly resourcesPerSecond: number;
  readonly usersPerSecond: number;
  readonly ratio: number;
  readonly writtenPerSecond: number;
  readonly writtenRatio: number;
  /** The longest call of the windows, CPU time. */
  readonly worstMs: number;
  /** The first call of the kind over an unprepared base, CPU time. */
  readonly firstMs: number;
}

// Both sides prepared ahead, as a server does in slices after start (`UserBase.prepare`, `ResourceBase.prepare`).
runToEnd(base.prepare());
const prepareMs = await cpuMs(() => {
  runToEnd(new ResourceBase(model, (name) => seeder.entries(name)).prepare());
});
const fresh = session(7);
const written = writtenSession();
const cold = session(7, unprepared);
await settle();
const figures: KindFigures[] = [];
for (const kind of KINDS) {
  // First calls outside the windows, timed: what is built on first use is built here.
  const firstMs = await cpuMs(() => resourceCall(cold, kind.resources[0] ?? {}));
  resourceCall(fresh, kind.resources[0] ?? {});
  resourceCall(written, kind.resources[0] ?? {});
  await userCall(kind.users[0] ?? {});
  const res: Rate[] = [];
  const usr: Rate[] = [];
  const wrt: Rate[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    usr.push(await cycle(kind.users, userCall));
    res.push(await cycle(kind.resources, (q) => resourceCall(fresh, q)));
    wrt.push(await cycle(kind.resources, (q) => resourceCall(written, q)));
  }
  const resourcesPerSecond = median(res.map((r) => r.perSecond));
  const usersPerSecond = median(usr.map((r) => r.perSecond));
  const writtenPerSecond = median(wrt.map((r) => r.perSecond));
  figures.push({
    kind: kind.kind,
    resourcesPerSecond,
    usersPerSecond,
    ratio: resourcesPerSecond / usersPerSecond,
    writtenPerSecond,
    writtenRatio: writtenPerSecond / usersPerSecond,
    worstMs: Math.max(...res.map((r) => r.worstMs), ...wrt.map((r) => r.worstMs)),
    firstMs,
  });
}

log(
  `inferred collection (${seededCount} workspaces) vs /users (${RECORDS} users)${QUICK ? ' (--quick)' : ''}: lists per second, page serialised, median of ${ROUNDS} round(s) of ${WINDOW_MS} ms`,
);
for (const f of figures)
  log(
    `  ${f.kind.padEnd(16)} resources ${f.resourcesPerSecond.toFixed(0).padStart(7)}/s  users ${f.usersPerSecond.toFixed(0).padStart(7)}/s  ${f.ratio.toFixed(2)}×  after ${WRITES} writes ${f.writtenPerSecond.toFixed(0).padStart(7)}/s ${f.writtenRatio.toFixed(2)}×  worst ${f.worstMs.toFixed(1)} ms, first call unprepared ${f.firstMs.toFixed(1)} ms CPU`,
  );
const worstRatio = Math.min(...figures.map((f) => f.ratio));
const worstMs = Math.max(...figures.map((f) => Math.max(f.worstMs, f.firstMs)));
const targets = [
  {
    target: `an inferred collection of ${seededCount} lists at ≥ ${LIST_TARGET}× /users at ${RECORDS}, every kind`,
    value: `${worstRatio.toFixed(2)}× (worst kind)`,
    met: worstRatio >= LIST_TARGET,
  },
  {
    target: `no single list call holds the loop > ${HELD_TARGET_MS} ms`,
    value: `${worstMs.toFixed(1)} ms (worst)`,
    met: worstMs <= HELD_TARGET_MS,
  },
];
for (const t of targets) log(`  ${t.met ? 'met    ' : 'NOT MET'} ${t.target}: ${t.value}`);
log(
  JSON.stringify({
    records: seededCount,
    users: RECORDS,
    writes: WRITES,
    prepareMs,
    kinds: figures,
    targets,
  }),
);
