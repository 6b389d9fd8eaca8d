/**
 * Baseline `stack`: Express 5 + express-openapi-validator (the same spec, its standard middleware) +
 * jsonwebtoken verify (with a key object, RS256, issuer and audience) + the naive code: what the chosen stack costs
 * with no engineering.
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
const spec: unknown = load(readFileSync(new URL('../spec/openapi.yaml', import.meta.url), 'utf8'));
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
  const page = naiveQuery(users, Object.fromEntries(new URL(req.url, 'http://stack').searchParams));
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
