/**
 * An Express 5 app that signs its users in with express-openid-connect against identity-mock, configured as the
 * library's docs configure any OpenID Connect provider, and calls the users API with the user's access token.
 */
import express from 'express';
import openidConnect from 'express-openid-connect';

// A CommonJS package: its exports come from the default import.
const { auth, requiresAuth } = openidConnect;

export function createApp({ issuerBaseURL, baseURL, clientID, clientSecret, secret, api }) {
  const app = express();
  app.use(
    auth({
      issuerBaseURL,
      baseURL,
      clientID,
      clientSecret,
      secret,
      // Log out at the provider too (its end_session_endpoint, with id_token_hint and post_logout_redirect_uri).
      idpLogout: true,
      // Pages decide themselves (requiresAuth below).
      authRequired: false,
      // The code flow (the library's default, `id_token`, is the implicit flow, which identity-mock does not serve),
      // and a refresh token.
      authorizationParams: { response_type: 'code', scope: 'openid profile email offline_access' },
    }),
  );

  app.get('/', requiresAuth(), async (req, res) => {
    res.json({ user: req.oidc.user, userinfo: await req.oidc.fetchUserInfo() });
  });

  // The users API, called server-side with the signed-in user's access token (refreshed first when it has expired).
  app.get('/users', requiresAuth(), async (req, res) => {
    let accessToken = req.oidc.accessToken;
    if (accessToken.isExpired()) accessToken = await accessToken.refresh();
    res.status(200).json(await listUsers(api, accessToken.access_token));
  });

  // A refresh on demand (as a page does before a long task): the new token is kept in the session.
  app.post('/refresh', requiresAuth(), async (req, res) => {
    const before = tokenId(req.oidc.accessToken.access_token);
    const accessToken = await req.oidc.accessToken.refresh();
    res.json({ before, after: tokenId(accessToken.access_token), expiresIn: accessToken.expires_in });
  });

  return app;
}

async function listUsers(api, accessToken) {
  const answer = await fetch(new URL('users?page_size=5', api), {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return {
    status: answer.status,
    total: Number(answer.headers.get('x-total-count')),
    users: await answer.json(),
    tokenId: tokenId(accessToken),
  };
}

/** The token's id (a JWT's `jti`), to show which token was used; the token itself stays on the server. */
function tokenId(accessToken) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).jti;
}
