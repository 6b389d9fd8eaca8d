/**
 * The sessions' figures (docs/sessions.md), in one process of its own so its memory is its own: `npm run bench`
 * runs it after the load scenarios; `tsx bench/sessions.ts [--users N] [--quick]` runs it alone.
 * - memory: RSS added by 100 untouched sessions (each created by a first query), after a full GC;
 * - creation: time of a new session's first request (the session made, then one list query), median of 100;
 * - throughput: every scenario's queries (list, filter-sort, search, date-range, each search kind) run through
 *   the query engine and serialised as a page, in the default session and in one with 100 deletions,
 *   interleaved; the ratio session / default per scenario.
 * `--no-cache` turns the query cache off, so every query runs the engine.
 * Prints a table and the targets (≤ 100 MB, ≥ 0.8×, ≤ 5 ms) as met / not met, and writes them as JSON to stdout's last line.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { visibilityOf } from '../src/access/row-level.ts';
import { runToEnd } from '../src/data/sliced-work.ts';
import { buildMock } from '../src/mock.ts';
import { loadSpecs } from '../src/adapters/express/specs.ts';
import { toUsersQuery, readListUsersSpec } from '../src/users/query.ts';
import { pageJson } from '../src/users/page-json.ts';
import type { Session } from '../src/sessions/session.ts';
import { buildScenarios, searchKindScenarios } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    quick: { type: 'boolean' },
    seed: { type: 'string' },
    'no-cache': { type: 'boolean' },
  },
});
const QUICK = values.quick === true;
const USERS = Number(values.users ?? (QUICK ? '10000' : '100000'));
const SESSIONS = 100;
const DELETIONS = 100;
const WINDOW_MS = QUICK ? 100 : 500;
const ROUNDS = QUICK ? 1 : 3;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function rssMb(): number {
  gc();
  gc();
  return process.memoryUsage().rss / 2 ** 20;
}

const specs = loadSpecs();
const spec = readListUsersSpec(specs.api.model);
// --no-cache: every query runs the engine (the result cache would answer repeats from memory in both sessions).
const mock = buildMock({
  specs,
  seed: Number(values.seed ?? '42'),
  users: USERS,
  ...(values['no-cache'] === true ? { queryCache: 0 } : {}),
});
const admin = {
  claims: {},
  permissions: new Set<string>(),
  slot: mock.state.store.slotOfIdentifier('admin'),
};
// Orders, lookups and the search index built now, as a listening server does in the background.
runToEnd(mock.state.store.base.prepare());
const scenarios = [
  ...buildScenarios(mock.state.store.users),
  ...searchKindScenarios(mock.state.store.users),
].filter((s) => s.method === 'GET');
const queries = scenarios.map((s) => ({
  name: s.name,
  queries: s.paths.map((path) =>
    toUsersQuery(Object.fromEntries(new URL(path, 'http://x').searchParams), spec),
  ),
}));

/** One request's work in `session`: the query through its engine, and the page's bytes. */
function serve(session: Session, query: (typeof queries)[number]['queries'][number]): number {
  const { store, engine } = session.state;
  const page = engine.run(query, visibilityOf(admin, store));
  return pageJson(store, page.slots, []).length;
}

// Every kept order and lookup of the shared base built before measuring, as after a server's first requests.
for (const { queries: qs } of queries) for (const q of qs) serve(mock.sessions.default, q);

// 1. Memory of untouched sessions.
const before = rssMb();
const heapBefore = process.memoryUsage().heapUsed;
for (let i = 0; i < SESSIONS; i++) {
  const session = mock.sessions.use(`untouched-${i}`);
  serve(session, queries[0]?.queries[0] ?? toUsersQuery({}, spec));
}
const addedMb = rssMb() - before;
// heapUsed read right after the GC that rssMb runs.
const heapAddedMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
for (let i = 0; i < SESSIONS; i++) mock.sessions.drop(`untouched-${i}`);

// 2. Creation: a new session and its first request.
const creations: number[] = [];
for (let i = 0; i < 100; i++) {
  const started = performance.now();
  serve(mock.sessions.use(`new-${i}`), queries[0]?.queries[0] ?? toUsersQuery({}, spec));
  creations.push(performance.now() - started);
  mock.sessions.drop(`new-${i}`);
}
creations.sort((a, b) => a - b);
const createMs = creations[creations.length >> 1] ?? 0;

// The same over HTTP: a new session's first GET /users against a known session's next one, median of 50 each.
const server = createServer(mock.app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/users?page_size=20`;
const authorization = `Bearer ${(await mock.session().token({ user: 'admin@example.com' })).accessToken}`;
const timed = async (session: string): Promise<number> => {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization, 'x-mock-session': session } });
  await res.arrayBuffer();
  return performance.now() - started;
};
await timed('known');
const firstHttp: number[] = [];
const nextHttp: number[] = [];
for (let i = 0; i < 50; i++) {
  firstHttp.push(await timed(`http-${i}`));
  nextHttp.push(await timed('known'));
  mock.sessions.drop(`http-${i}`);
}
server.close();
const median = (xs: number[]): number => xs.sort((a, b) => a - b)[xs.length >> 1] ?? 0;
const firstHttpMs = median(firstHttp);
const nextHttpMs = median(nextHttp);

// 3. Throughput: a session with 100 deletions against the default, scenario by scenario, interleaved.
const deleting = mock.sessions.use('deleting');
const { store } = deleting.state;
for (let slot = 10, n = 0; n < DELETIONS; slot += Math.floor(USERS / DELETIONS)) {
  if (store.alive[slot] === 1 && slot !== admin.slot) {
    store.delete(slot);
    n++;
  }
}
function rate(session: Session, qs: readonly (typeof queries)[number]['queries'][number][]): number {
  const until = performance.now() + WINDOW_MS;
  let done = 0;
  while (performance.now() < until) serve(session, qs[done++ % qs.length] ?? toUsersQuery({}, spec));
  return (done * 1000) / WINDOW_MS;
}
const ratios: { name: string; defaultRps: number; sessionRps: number; ratio: number }[] = [];
for (const { name, queries: qs } of queries) {
  rate(mock.sessions.default, qs);
  rate(deleting, qs);
  const d: number[] = [];
  const s: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    d.push(rate(mock.sessions.default, qs));
    s.push(rate(deleting, qs));
  }
  const defaultRps = median(d);
  const sessionRps = median(s);
  ratios.push({ name, defaultRps, sessionRps, ratio: sessionRps / defaultRps });
}

log(
  `sessions at ${USERS} users${QUICK ? ' (--quick)' : ''}${values['no-cache'] === true ? ', no query cache' : ''}`,
);
for (const r of ratios) {
  log(
    `  ${r.name.padEnd(22)} default ${r.defaultRps.toFixed(0).padStart(8)}/s  100 deletions ${r.sessionRps.toFixed(0).padStart(8)}/s  ${r.ratio.toFixed(2)}×`,
  );
}
const worst = Math.min(...ratios.map((r) => r.ratio));
const targets = [
  {
    target: `${SESSIONS} untouched sessions add ≤ 100 MB RSS`,
    value: `${addedMb.toFixed(1)} MB RSS (${heapAddedMb.toFixed(2)} MB of heap)`,
    met: addedMb <= 100,
  },
  {
    target: 'a session with 100 deletions ≥ 0.8× the default',
    value: `${worst.toFixed(2)}× (worst)`,
    met: worst >= 0.8,
  },
  {
    target: 'creating a session (first request) ≤ 5 ms',
    value: `${createMs.toFixed(3)} ms in process; over HTTP the first GET /users ${firstHttpMs.toFixed(2)} ms, a known session's ${nextHttpMs.toFixed(2)} ms`,
    met: createMs <= 5 && firstHttpMs <= 5,
  },
];
for (const t of targets) log(`  ${t.met ? 'met    ' : 'NOT MET'} ${t.target}: ${t.value}`);
log(
  JSON.stringify({ users: USERS, addedMb, heapAddedMb, createMs, firstHttpMs, nextHttpMs, ratios, targets }),
);
