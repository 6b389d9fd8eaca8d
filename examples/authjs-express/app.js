/**
 * An Express 5 app that signs its users in with Auth.js (`@auth/express`) against identity-mock, configured as
 * Auth.js's docs configure any OpenID Connect provider, and calls the users API with the user's access token.
 */
import { ExpressAuth, getSession } from '@auth/express';
import { getToken } from '@auth/core/jwt';
import express from 'express';

/** Seconds before its expiry at which an access token is refreshed. */
const REFRESH_BEFORE = 60;

/** The Auth.js configuration: identity-mock as a generic OIDC provider, its tokens kept in the session's JWT. */
export function authConfig({ issuer, clientId, clientSecret, secret }) {
  return {
    secret,
    trustHost: true,
    providers: [
      {
        id: 'identity-mock',
        name: 'identity-mock',
        type: 'oidc',
        issuer,
        clientId,
        clientSecret,
        // `offline_access` for a refresh token, with `prompt: "consent"` as Auth.js's guides add it (OIDC Core
        // §11): identity-mock shows its login page for it.
        authorization: { params: { scope: 'openid profile email offline_access', prompt: 'consent' } },
      },
    ],
    callbacks: {
      // Auth.js's refresh-token rotation pattern: keep the tokens, refresh them shortly before they expire.
      async jwt({ token, account }) {
        if (account) {
          return {
            ...token,
            access_token: account.access_token,
            expires_at: account.expires_at,
            refresh_token: account.refresh_token,
            id_token: account.id_token,
          };
        }
        if (Date.now() < (token.expires_at - REFRESH_BEFORE) * 1000) return token;
        try {
          const discovery = await fetch(new URL('.well-known/openid-configuration', issuer));
          const { token_endpoint: tokenEndpoint } = await discovery.json();
          const response = await fetch(tokenEndpoint, {
            method: 'POST',
            body: new URLSearchParams({
              grant_type: 'refresh_token',
              client_id: clientId,
              client_secret: clientSecret,
              refresh_token: token.refresh_token,
            }),
          });
          const tokens = await response.json();
          if (!response.ok) throw new Error(`refresh refused: ${response.status} ${tokens.error}`);
          return {
            ...token,
            access_token: tokens.access_token,
            expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
            // A provider may rotate refresh tokens (identity-mock does for public clients): keep the new one.
            refresh_token: tokens.refresh_token ?? token.refresh_token,
            id_token: tokens.id_token ?? token.id_token,
            refreshed: (token.refreshed ?? 0) + 1,
          };
        } catch (error) {
          console.error('the access token could not be refreshed:', error.message);
          return { ...token, error: 'RefreshTokenError' };
        }
      },
      // What the browser sees (GET /auth/session): the user and the refresh count, never the tokens.
      session({ session, token }) {
        return { ...session, refreshed: token.refreshed ?? 0, error: token.error };
      },
    },
  };
}

export function createApp(options) {
  const config = authConfig(options);
  const tokenOf = (req) => getToken({ req, secret: options.secret, secureCookie: false });
  const app = express();
  app.set('trust proxy', true);
  // Express 5: mount the handler on the prefix (`/auth/*` is a path-to-regexp error there).
  app.use('/auth', ExpressAuth(config));

  async function signedIn(req, res, next) {
    res.locals.session = await getSession(req, config);
    if (res.locals.session?.user) next();
    else res.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(req.originalUrl)}`);
  }

  app.get('/', signedIn, (req, res) => {
    res.json({ user: res.locals.session.user });
  });

  // The users API, called server-side with the signed-in user's access token.
  app.get('/users', signedIn, async (req, res) => {
    const { access_token: accessToken } = await tokenOf(req);
    const answer = await fetch(new URL('users?page_size=5', options.api), {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    // The token's id (a JWT's `jti`), to show which token was used; the token itself stays on the server.
    const { jti } = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
    res.status(answer.status).json({
      status: answer.status,
      total: Number(answer.headers.get('x-total-count')),
      users: await answer.json(),
      tokenId: jti,
    });
  });

  // RP-initiated logout: the provider's end-session endpoint ends its login session, then comes back to Auth.js's
  // own sign-out page, whose form ends the app's session.
  app.get('/logout', signedIn, async (req, res) => {
    const { id_token: idToken } = await tokenOf(req);
    const discovery = await fetch(new URL('.well-known/openid-configuration', options.issuer));
    const { end_session_endpoint: endSession } = await discovery.json();
    const url = new URL(endSession);
    url.searchParams.set('id_token_hint', idToken);
    url.searchParams.set('post_logout_redirect_uri', `${req.protocol}://${req.get('host')}/auth/signout`);
    res.redirect(url.href);
  });

  return app;
}
