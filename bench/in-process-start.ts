/**
 * `node in-process-start.mjs <dir>/dist/index.js` (bundled by `servers.ts`): two `startMock()` in one process
 * through the package's public entry, at the default data; the second is what a test runner that starts a mock
 * per file pays once the modules are loaded. Prints one JSON line: the first start to ready (module loading
 * included), the second to ready (its promise resolved) and to its first 200 on GET /users with a token.
 */
import { pathToFileURL } from 'node:url';
import type * as Package from '../src/index.ts';

type Entry = Pick<typeof Package, 'startMock'>;

const entry = process.argv[2];
if (entry === undefined) throw new Error('in-process-start: the path of dist/index.js is required');
const { startMock } = (await import(pathToFileURL(entry).href)) as Entry;
// One issuer for both, so the first mock's token is valid on the second.
const options = { port: 0, issuer: 'http://bench/' };

let started = performance.now();
const first = await startMock(options);
const firstReadyMs = performance.now() - started;
const authorization = `Bearer ${(await first.session().token({ user: 'admin@example.com' })).accessToken}`;
await first.close();

started = performance.now();
const second = await startMock(options);
const readyMs = performance.now() - started;
const res = await fetch(`${second.url}/users`, { headers: { authorization } });
await res.arrayBuffer();
const usersMs = performance.now() - started;
if (res.status !== 200) throw new Error(`in-process-start: GET /users answered ${String(res.status)}`);
await second.close();
process.stdout.write(`${JSON.stringify({ firstReadyMs, readyMs, usersMs })}\n`);
