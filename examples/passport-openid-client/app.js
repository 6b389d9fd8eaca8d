/**
 * An Express 5 app that signs its users in with Passport and openid-client's strategy (`openid-client/passport`)
 * against identity-mock, and calls the users API with the user's access token.
 */
import express from 'express';
import session from 'express-session';
import * as client from 'openid-client';
import { Strategy } from 'openid-client/passport';
import passport from 'passport';

export async function createApp({ issuer, clientId, clientSecret, secret, callbackURL, api }) {
  // Discovery; `allowInsecureRequests` because a local mock is served over http.
  const config = await client.discovery(new URL(issuer), clientId, clientSecret, undefined, {
    execute: [client.allowInsecureRequests],
  });

  passport.use(
    new Strategy(
      { name: 'identity-mock', config, scope: 'openid profile email offline_access', callbackURL },
      (tokens, verified) => {
        verified(null, {
          claims: tokens.claims(),
          tokens: {
            access_token: tokens.access_token,
            refresh_token: tokens.refresh_token,
            id_token: tokens.id_token,
          },
        });
      },
    ),
  );
  // The whole user (claims and tokens) lives in the server-side session.
  passport.serializeUser((user, done) => done(null, user));
  passport.deserializeUser((user, done) => done(null, user));

  const app = express();
  app.use(session({ secret, resave: false, saveUninitialized: false, cookie: { sameSite: 'lax' } }));
  app.use(passport.session());

  const signedIn = (req, res, next) => (req.isAuthenticated() ? next() : res.redirect('/login'));

  app.get('/login', passport.authenticate('identity-mock'));
  // The callback finishes the code exchange (PKCE, state and nonce checked).
  app.get('/callback', passport.authenticate('identity-mock', { successRedirect: '/' }));

  app.get('/', signedIn, (req, res) => {
    const { sub, email, name } = req.user.claims;
    res.json({ user: { sub, email, name } });
  });

  // The users API, called server-side with the signed-in user's access token.
  app.get('/users', signedIn, async (req, res) => {
    const accessToken = req.user.tokens.access_token;
    const answer = await fetch(new URL('users?page_size=5', api), {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    res.json({
      status: answer.status,
      total: Number(answer.headers.get('x-total-count')),
      users: await answer.json(),
      tokenId: tokenId(accessToken),
    });
  });

  // A refresh on demand: the refresh token grant, the new tokens kept in the session.
  app.post('/refresh', signedIn, async (req, res) => {
    const before = tokenId(req.user.tokens.access_token);
    const tokens = await client.refreshTokenGrant(config, req.user.tokens.refresh_token);
    req.user.tokens = {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? req.user.tokens.refresh_token,
      id_token: tokens.id_token ?? req.user.tokens.id_token,
    };
    req.session.passport.user = req.user;
    res.json({ before, after: tokenId(tokens.access_token) });
  });

  // RP-initiated logout: the app's session ends, then the provider's end-session endpoint ends the login session.
  app.get('/logout', signedIn, (req, res, next) => {
    const idToken = req.user.tokens.id_token;
    req.logout((error) => {
      if (error) return next(error);
      const back = new URL('/', callbackURL).href;
      return res.redirect(
        client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: back }).href,
      );
    });
  });

  return app;
}

/** The token's id (a JWT's `jti`), to show which token was used; the token itself stays on the server. */
function tokenId(accessToken) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).jti;
}
