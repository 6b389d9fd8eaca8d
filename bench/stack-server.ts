/**
 * Baseline `stack`: the lean service the chosen stack gives with no engineering. Express 5 +
 * `OpenApiValidator.middleware` on a small document (GET /users only: its parameters, no response schemas;
 * `small-spec.ts`), `validateRequests` on and responses off + jsonwebtoken's RS256 verify with a `KeyObject`
 * (issuer, audience) + an array slice for a plain page, the naive code (`naive.ts`) for filters, search and sort.
 * No other middleware. `GET /health` is routed before the validator (the small document does not hold it).
 * The bench runs it bundled (`servers.ts`), seeding with identity-mock's built seeding code (`--root`/dist).
 */
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import jwt from 'jsonwebtoken';
import { naiveQuery, prepare, type NaiveQuery } from './naive.ts';
import type * as Seed from '../src/data/seed.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    users: { type: 'string' },
    seed: { type: 'string' },
    issuer: { type: 'string' },
    audience: { type: 'string' },
    spec: { type: 'string' },
    root: { type: 'string' },
  },
});
const root = values.root ?? process.cwd();
const { seedDataset } = (await import(pathToFileURL(join(root, 'dist/data/seed.js')).href)) as typeof Seed;
const users = prepare(
  seedDataset({ seed: Number(values.seed ?? '42'), users: Number(values.users ?? '10000') }).users,
);
const all = users.map((u) => u.user);
/** The small document (`small-spec.ts`): GET /users's parameters, which are all the stack reads of it. */
interface SmallSpec {
  readonly paths: {
    readonly '/users': { readonly get: { readonly parameters: readonly Parameter[] } };
  };
}
interface Parameter {
  readonly name: string;
  readonly schema?: { readonly default?: unknown };
}
const spec = JSON.parse(readFileSync(values.spec ?? 'stack-spec.json', 'utf8')) as SmallSpec;
const publicKey = createPublicKey(readFileSync(join(root, 'fixtures/dev-signing-key.pem'), 'utf8'));
/** Query parameters that do not change which users a page holds. */
const PAGING = new Set(['page', 'page_size']);
/** The parameters' defaults, which the validator fills in: a query of these alone asks for the stored order. */
const defaults = new Map(
  spec.paths['/users'].get.parameters.flatMap((p) =>
    p.schema?.default === undefined ? [] : [[p.name, p.schema.default] as const],
  ),
);

const app = express();
app.get('/health', (_req, res) => {
  res.json({ status: 'ok' });
});
const apiSpec = spec as unknown as Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'];
app.use(OpenApiValidator.middleware({ apiSpec, validateRequests: true, validateResponses: false }));
app.get('/users', (req, res) => {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  try {
    jwt.verify(token, publicKey, { algorithms: ['RS256'], issuer: values.issuer, audience: values.audience });
  } catch {
    res.status(401).json({ error: 'invalid token', code: 'invalid_token' });
    return;
  }
  // The validator has coerced the query (page and page_size are numbers now).
  const query = req.query as Record<string, unknown>;
  if (Object.entries(query).every(([name, value]) => PAGING.has(name) || defaults.get(name) === value)) {
    const size = Number(query.page_size ?? 20);
    const start = (Number(query.page ?? 1) - 1) * size;
    res.set('X-Total-Count', String(all.length)).json(all.slice(start, start + size));
    return;
  }
  const strings: NaiveQuery = Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  const page = naiveQuery(users, strings);
  res.set('X-Total-Count', String(page.total)).json(page.items);
});
app.use(
  (
    error: { status?: number; message?: string },
    _req: express.Request,
    res: express.Response,
    _next: express.NextFunction,
  ) => {
    res.status(error.status ?? 500).json({ error: error.message ?? 'error', code: 'error' });
  },
);
app.listen(Number(values.port ?? '0'), '127.0.0.1');
