/**
 * The users store's writes (docs/sessions.md), in one process of its own: `npm run bench` runs it with
 * `--only writes`; `tsx bench/writes.ts [--users N] [--quick]` runs it alone. All in process, through a session's
 * state (`SessionState.createUser` / `updateUser`, the store's `delete`), at 100 000 users unless told:
 * - cost of a write: the write and the list query after it (which merges or compacts the kept order it reads),
 *   median of WRITES, for a delete (the baseline: what a delete costs, in a session that only deletes), a create
 *   and an update, each in a session of its own after one write of the kind (its first copy) outside the timing;
 *   the ratios create / delete and update / delete;
 * - the first query of each kind (bench/first-queries.ts's kinds, and a search) after 1 000 writes (creates,
 *   updates and deletes in turn) in a fresh session, answered as a request is (`engine.answer` in slices, the
 *   page serialised), timed, with the longest stretch the event loop was held meanwhile (a ticker on
 *   setImmediate measures the gaps).
 * Prints a table and the targets (≤ 2× a delete, ≤ 50 ms held) as met / not met, and the figures as JSON on the
 * last line.
 */
import { parseArgs } from 'node:util';
import { visibilityOf } from '../src/access/row-level.ts';
import { runToEnd } from '../src/data/sliced-work.ts';
import { loadSpecs } from '../src/adapters/express/specs.ts';
import { buildMock } from '../src/mock.ts';
import type { SessionState } from '../src/sessions/session-state.ts';
import type { User } from '../src/spec/types.ts';
import { pageJson } from '../src/users/page-json.ts';
import { readListUsersSpec, toUsersQuery } from '../src/users/query.ts';
import { FIRST_QUERY_KINDS } from './first-queries.ts';

const { values } = parseArgs({
  options: { users: { type: 'string' }, quick: { type: 'boolean' }, seed: { type: 'string' } },
});
const QUICK = values.quick === true;
const USERS = Number(values.users ?? (QUICK ? '10000' : '100000'));
const WRITES = QUICK ? 50 : 200;
const BATCH = 1_000;

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const specs = loadSpecs();
const spec = readListUsersSpec(specs.api.model);
const mock = buildMock({ specs, seed: Number(values.seed ?? '42'), users: USERS });
runToEnd(mock.state.store.base.prepare());
const adminSlot = mock.state.store.slotOfIdentifier('admin');
const admin = { claims: {}, permissions: new Set<string>(), slot: adminSlot };
const seeded = mock.state.store.users;
const LIST = toUsersQuery({ page_size: '20' }, spec);

/** A page of `query` as a request answers it: the engine's slots and their JSON. */
function serveNow(state: SessionState, query = LIST): number {
  const page = state.engine.run(query, visibilityOf(admin, state.store));
  return pageJson(state.store, page.slots, []).length;
}

let made = 0;
/** A new user: a seeded record with a new id, identifier and email. */
function newUser(): User {
  const n = made++;
  const like = seeded[n % seeded.length] ?? seeded[0];
  if (like === undefined) throw new Error('no seeded users');
  return {
    ...like,
    id: `ffffffff-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    identifier: `bench.created.${n}`,
    email: `bench.created.${n}@example.test`,
    created_at: new Date(Date.parse('2024-01-01T00:00:00Z') + n * 60_000).toISOString(),
  };
}

let edits = 0;
/** The live user in the `k`-th spread slot of `state`, changed in name, status and updated_at. */
function changed(state: SessionState, k: number): { slot: number; user: User } {
  const { store } = state;
  for (let slot = (k * 7919) % store.users.length; ; slot = (slot + 1) % store.users.length) {
    const user = store.userAt(slot);
    if (user === undefined || slot === adminSlot) continue;
    const n = edits++;
    return {
      slot,
      user: {
        ...user,
        name: `Edited ${n} ${user.name}`,
        status: n % 2 === 0 ? 'suspended' : 'active',
        updated_at: new Date(Date.parse('2025-01-01T00:00:00Z') + n * 1000).toISOString(),
      },
    };
  }
}

function deleteOne(state: SessionState, k: number): void {
  const { store } = state;
  for (let slot = (k * 104_729) % store.users.length; ; slot = (slot + 1) % store.users.length) {
    if (store.alive[slot] === 1 && slot !== adminSlot) {
      store.delete(slot);
      return;
    }
  }
}

type Kind = 'delete' | 'create' | 'update';
const write: Record<Kind, (state: SessionState, k: number) => void> = {
  delete: deleteOne,
  create: (state) => state.createUser(newUser()),
  update: (state, k) => {
    const { slot, user } = changed(state, k);
    state.updateUser(slot, user);
  },
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;

/** Median cost of one write of `kind` (alone, and with the list after it), in a fresh session. */
function writeCost(kind: Kind): { writeMs: number; withListMs: number } {
  const state = mock.sessions.use(`writes-${kind}`).state;
  write[kind](state, 0);
  serveNow(state);
  const alone: number[] = [];
  const withList: number[] = [];
  for (let k = 1; k <= WRITES; k++) {
    const started = performance.now();
    write[kind](state, k);
    const written = performance.now();
    serveNow(state);
    const listed = performance.now();
    alone.push(written - started);
    withList.push(listed - started);
  }
  mock.sessions.drop(`writes-${kind}`);
  return { writeMs: median(alone), withListMs: median(withList) };
}

// Every kept order of the shared base built and used once, as after a server's first requests.
for (const { query } of FIRST_QUERY_KINDS)
  serveNow(mock.state, toUsersQuery(Object.fromEntries(new URLSearchParams(query)), spec));

// Interleaved rounds, so that the ratios come from the same conditions.
const costs: Record<Kind, { writeMs: number; withListMs: number }[]> = { delete: [], create: [], update: [] };
for (let round = 0; round < (QUICK ? 1 : 3); round++)
  for (const kind of ['delete', 'create', 'update'] as const) costs[kind].push(writeCost(kind));
const cost = (kind: Kind): { writeMs: number; withListMs: number } => ({
  writeMs: median(costs[kind].map((c) => c.writeMs)),
  withListMs: median(costs[kind].map((c) => c.withListMs)),
});

/** The longest gap between setImmediate ticks while `work` runs: how long it held the event loop at once. */
async function held(work: () => Promise<unknown>): Promise<{ ms: number; heldMs: number }> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const started = performance.now();
  last = started;
  await work();
  const ms = performance.now() - started;
  running = false;
  longest = Math.max(longest, performance.now() - last);
  return { ms, heldMs: longest };
}

/**
 * Turns of the event loop until one passes in under 5 ms (2 s at most): the work the mock queued while it was built
 * in one piece (its background preparation, timers) runs here, not inside the first measured query.
 */
async function settle(): Promise<void> {
  const until = performance.now() + 2000;
  while (performance.now() < until) {
    const { heldMs } = await held(() => new Promise((resolve) => setImmediate(resolve)));
    if (heldMs < 5) return;
  }
}

const KINDS = [...FIRST_QUERY_KINDS, { kind: 'search, then list', query: 'search=edited' }];
const firsts: { kind: string; ms: number; heldMs: number }[] = [];
for (const { kind, query } of KINDS) {
  const name = `batch-${kind}`;
  const state = mock.sessions.use(name).state;
  const kinds: Kind[] = ['create', 'update', 'delete'];
  for (let k = 0; k < BATCH; k++) write[kinds[k % 3] ?? 'create'](state, k);
  const q = toUsersQuery(Object.fromEntries(new URLSearchParams(query)), spec);
  await settle();
  const figures = await held(async () => {
    const page = await state.engine.answer(q, visibilityOf(admin, state.store));
    return pageJson(state.store, page.slots, []).length;
  });
  firsts.push({ kind, ...figures });
  mock.sessions.drop(name);
}

const d = cost('delete');
const c = cost('create');
const u = cost('update');
log(`users store writes at ${USERS} users${QUICK ? ' (--quick)' : ''} (median of ${WRITES} writes)`);
for (const [kind, figures] of [
  ['delete', d],
  ['create', c],
  ['update', u],
] as const) {
  log(
    `  ${kind.padEnd(8)} write ${figures.writeMs.toFixed(3).padStart(8)} ms  with the next list ${figures.withListMs.toFixed(3).padStart(8)} ms  ${(figures.withListMs / d.withListMs).toFixed(2)}× a delete`,
  );
}
log(`first query of each kind after ${BATCH} writes (creates, updates, deletes in turn)`);
for (const f of firsts)
  log(
    `  ${f.kind.padEnd(26)} ${f.ms.toFixed(1).padStart(7)} ms, loop held ${f.heldMs.toFixed(1).padStart(6)} ms`,
  );
const worstHeld = Math.max(...firsts.map((f) => f.heldMs));
const targets = [
  {
    target: 'a create costs ≤ 2× a delete (with the next list)',
    value: `${(c.withListMs / d.withListMs).toFixed(2)}×`,
    met: c.withListMs <= 2 * d.withListMs,
  },
  {
    target: 'an update costs ≤ 2× a delete (with the next list)',
    value: `${(u.withListMs / d.withListMs).toFixed(2)}×`,
    met: u.withListMs <= 2 * d.withListMs,
  },
  {
    target: `the first query of each kind after ${BATCH} writes holds the loop ≤ 50 ms`,
    value: `${worstHeld.toFixed(1)} ms (worst)`,
    met: worstHeld <= 50,
  },
];
for (const t of targets) log(`  ${t.met ? 'met    ' : 'NOT MET'} ${t.target}: ${t.value}`);
log(JSON.stringify({ users: USERS, delete: d, create: c, update: u, firsts, targets }));
