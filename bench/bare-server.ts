/**
 * Baseline `bare`: a plain node:http server holding the same users in an array, answering GET /users with the
 * naive code (no validation, no auth, no headers beyond the list's): the physical limit of this machine for a
 * page. A plain page is a slice of the precomputed array. The bench runs it bundled (`servers.ts`), seeding with
 * identity-mock's built seeding code (`--root`/dist).
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { naiveQuery, prepare } from './naive.ts';
import type * as Seed from '../src/data/seed.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    users: { type: 'string' },
    seed: { type: 'string' },
    root: { type: 'string' },
  },
});
const { seedDataset } = (await import(
  pathToFileURL(join(values.root ?? process.cwd(), 'dist/data/seed.js')).href
)) as typeof Seed;
const users = prepare(
  seedDataset({ seed: Number(values.seed ?? '42'), users: Number(values.users ?? '10000') }).users,
);

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bare');
  if (url.pathname === '/health') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (url.pathname !== '/users') {
    res.writeHead(404).end();
    return;
  }
  const page = naiveQuery(users, Object.fromEntries(url.searchParams));
  res.writeHead(200, { 'Content-Type': 'application/json', 'X-Total-Count': String(page.total) });
  res.end(JSON.stringify(page.items));
}).listen(Number(values.port ?? '0'), '127.0.0.1');
