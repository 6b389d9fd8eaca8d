/**
 * Baseline `stack`, what the chosen stack costs with no engineering, kept lean: Express 5 +
 * `OpenApiValidator.middleware` on a small spec (GET /health and GET /users with the real spec's query
 * parameters, no response schemas) + jsonwebtoken verify with a KeyObject (RS256, issuer, audience) + an array
 * slice for a plain page, the naive code (`naive.ts`) for filters, search and sort.
 */
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import jwt from 'jsonwebtoken';
import { load } from 'js-yaml';
import { seedDataset } from '../src/data/seed.ts';
import { naiveQuery, prepare } from './naive.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    users: { type: 'string' },
    seed: { type: 'string' },
    issuer: { type: 'string' },
    audience: { type: 'string' },
  },
});
const users = prepare(
  seedDataset({
    seed: Number(values.seed ?? '42'),
    users: Number(values.users ?? '10000'),
  }).users,
);
const full = load(readFileSync(new URL('../spec/openapi.yaml', import.meta.url), 'utf8')) as {
  paths: { '/users': { get: { parameters: { $ref?: string }[] } } };
  components: { parameters: Record<string, unknown>; schemas: Record<string, unknown> };
};
/** listUsers' query parameters, resolved (each is a `#/components/parameters/…` reference or inline). */
const parameters = full.paths['/users'].get.parameters.map((p) =>
  p.$ref === undefined ? p : full.components.parameters[p.$ref.split('/').at(-1) ?? ''],
);
const ok = { '200': { description: 'ok' } };
const spec = {
  openapi: '3.1.0',
  info: { title: 'stack baseline', version: '1' },
  paths: { '/health': { get: { responses: ok } }, '/users': { get: { parameters, responses: ok } } },
  components: { schemas: full.components.schemas }, // what the parameters' schemas refer to
};
/** Query parameters that do not change which users a page holds. */
const PAGING = new Set(['page', 'page_size']);
const all = users.map((u) => u.user);
const publicKey = createPublicKey(
  readFileSync(new URL('../fixtures/dev-signing-key.pem', import.meta.url), 'utf8'),
);

const app = express();
app.use(
  OpenApiValidator.middleware({
    apiSpec: spec as Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'],
    validateRequests: true,
    validateSecurity: false,
  }),
);
app.get('/health', (_req, res) => {
  res.json({ status: 'ok' });
});
app.get('/users', (req, res) => {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  try {
    jwt.verify(token, publicKey, { algorithms: ['RS256'], issuer: values.issuer, audience: values.audience });
  } catch {
    res.status(401).json({ error: 'invalid token', code: 'invalid_token' });
    return;
  }
  const query = Object.fromEntries(new URL(req.url, 'http://stack').searchParams);
  if (Object.keys(query).every((name) => PAGING.has(name))) {
    const size = Number(query.page_size ?? '20');
    const start = (Number(query.page ?? '1') - 1) * size;
    res.set('X-Total-Count', String(all.length)).json(all.slice(start, start + size));
    return;
  }
  const page = naiveQuery(users, query);
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
