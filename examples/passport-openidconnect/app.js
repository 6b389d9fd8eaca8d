/**
 * An Express 5 app that signs its users in with Passport and passport-openidconnect against identity-mock, and
 * calls the users API with the user's access token. The strategy does no discovery: each endpoint is configured,
 * and `issuer` must be the provider's exactly — identity-mock's ends in a slash (`http://localhost:8080/`), and an
 * ID token whose `iss` differs by that slash is refused ("ID token not issued by expected OpenID provider.").
 */
import express from 'express';
import session from 'express-session';
import passport from 'passport';
import OpenIDConnectStrategy from 'passport-openidconnect';

export function createApp({ issuer, clientID, clientSecret, secret, callbackURL, api }) {
  // An authenticator of its own, so that two apps of one process keep their strategies apart.
  const authenticator = new passport.Passport();
  authenticator.use(
    'identity-mock',
    new OpenIDConnectStrategy(
      {
        issuer,
        authorizationURL: new URL('authorize', issuer).href,
        tokenURL: new URL('oauth/token', issuer).href,
        userInfoURL: new URL('userinfo', issuer).href,
        clientID,
        clientSecret,
        callbackURL,
        // `openid` is added by the strategy.
        scope: ['profile', 'email', 'offline_access'],
      },
      (iss, profile, context, idToken, accessToken, refreshToken, verified) => {
        verified(null, {
          profile: { id: profile.id, displayName: profile.displayName, email: profile.emails?.[0]?.value },
          tokens: { access_token: accessToken, refresh_token: refreshToken, id_token: idToken },
        });
      },
    ),
  );
  authenticator.serializeUser((user, done) => done(null, user));
  authenticator.deserializeUser((user, done) => done(null, user));

  const app = express();
  app.use(session({ secret, resave: false, saveUninitialized: false, cookie: { sameSite: 'lax' } }));
  app.use(authenticator.session());

  const signedIn = (req, res, next) => (req.isAuthenticated() ? next() : res.redirect('/login'));

  app.get('/login', authenticator.authenticate('identity-mock'));
  app.get(
    '/callback',
    authenticator.authenticate('identity-mock', { successRedirect: '/', failureMessage: true }),
  );

  app.get('/', signedIn, (req, res) => {
    res.json({ user: req.user.profile });
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

  // The strategy has no refresh of its own: the refresh token grant at the token endpoint.
  app.post('/refresh', signedIn, async (req, res) => {
    const before = tokenId(req.user.tokens.access_token);
    const answer = await fetch(new URL('oauth/token', issuer), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: clientID,
        client_secret: clientSecret,
        refresh_token: req.user.tokens.refresh_token,
      }),
    });
    const tokens = await answer.json();
    if (!answer.ok) return res.status(502).json({ error: tokens.error });
    req.user.tokens = {
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? req.user.tokens.refresh_token,
      id_token: tokens.id_token ?? req.user.tokens.id_token,
    };
    req.session.passport.user = req.user;
    return res.json({ before, after: tokenId(tokens.access_token) });
  });

  // RP-initiated logout: the app's session ends, then the provider's end-session endpoint ends the login session.
  app.get('/logout', signedIn, (req, res, next) => {
    const idToken = req.user.tokens.id_token;
    req.logout((error) => {
      if (error) return next(error);
      const url = new URL('oidc/logout', issuer);
      url.searchParams.set('id_token_hint', idToken);
      url.searchParams.set('post_logout_redirect_uri', new URL('/', callbackURL).href);
      return res.redirect(url.href);
    });
  });

  return app;
}

/** The token's id (a JWT's `jti`), to show which token was used; the token itself stays on the server. */
function tokenId(accessToken) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).jti;
}
