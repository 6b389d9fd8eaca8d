/**
 * An API that accepts identity-mock's access tokens, with express-oauth2-jwt-bearer: it checks each bearer token's
 * signature (the mock's JWKS, found by discovery), issuer, audience and expiry, and in strict mode that it is an
 * RFC 9068 access token (`typ: at+jwt`). Its team page calls the users API on the caller's behalf with the same
 * token.
 */
import express from 'express';
import { auth, claimIncludes } from 'express-oauth2-jwt-bearer';

export function createApi({ issuerBaseURL, audience, strict = true, api }) {
  const app = express();
  app.use('/api', auth({ issuerBaseURL, audience, strict }));

  app.get('/api/me', (req, res) => {
    const { sub, client_id: clientId, scope } = req.auth.payload;
    res.json({ sub, clientId, scope, type: req.auth.header.typ });
  });

  // Only for callers whose token grants read:users (identity-mock puts the role's permissions in `permissions`).
  app.get('/api/team', claimIncludes('permissions', 'read:users'), async (req, res) => {
    const answer = await fetch(new URL('users?page_size=5&sort_by=name', api), {
      headers: { Authorization: `Bearer ${req.auth.token}` },
    });
    const users = await answer.json();
    res.status(answer.status).json({
      total: Number(answer.headers.get('x-total-count')),
      names: answer.ok ? users.map((user) => user.name) : [],
    });
  });

  // express-oauth2-jwt-bearer's errors carry their status and WWW-Authenticate header.
  app.use((error, req, res, next) => {
    if (error.status === undefined) return next(error);
    for (const [name, value] of Object.entries(error.headers ?? {})) res.set(name, value);
    return res.status(error.status).json({ error: error.code ?? 'invalid_request', message: error.message });
  });

  return app;
}
