/**
 * A small single-page app for the browser login tests, served from its own origin (another port than the mock's:
 * every call to the mock is cross-origin). Its pages load each login library's published browser build, unchanged,
 * from node_modules, and expose a few functions on `window.app` for the test to call.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The browser builds the packages publish (each package's own directory, found through its package.json). */
const LIBRARIES: Readonly<Record<string, string>> = {
  '/lib/oidc-client-ts.js': join(
    dirname(require.resolve('oidc-client-ts/package.json')),
    'dist/browser/oidc-client-ts.js',
  ),
  '/lib/auth0-spa-js.js': join(
    dirname(require.resolve('@auth0/auth0-spa-js/package.json')),
    'dist/auth0-spa-js.production.js',
  ),
};

export interface SpaServer {
  /** `http://localhost:<port>`: the app's origin. */
  readonly origin: string;
  close(): Promise<void>;
}

/** The app's pages; `authority` is the mock's URL (no trailing slash). */
function pages(authority: string, audience: string): Record<string, string> {
  const page = (library: string, script: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>test app</title>
<script src="${library}"></script></head>
<body><h1>test app</h1>
<p><button id="login">Log in</button> <button id="renew">Renew silently</button>
<button id="users">GET /users</button> <button id="logout">Log out</button></p>
<pre id="out"></pre>
<script>
const AUTHORITY = ${JSON.stringify(authority)};
const AUDIENCE = ${JSON.stringify(audience)};
window.app = {};
window.ready = (async () => { ${script} })();
// Buttons for a person trying the app by hand (test/browser/try-login.ts); the tests call window.app directly.
const show = (value) => { document.getElementById('out').textContent = JSON.stringify(value, null, 2); };
const run = (action) => () => action().then(show, (error) => show({ error: error.error ?? String(error) }));
const accessToken = async () => window.app.token ? window.app.token() : (await window.app.user())?.access_token;
document.getElementById('login').onclick = run(() => window.app.login());
document.getElementById('renew').onclick = run(() => window.app.token ? window.app.token({ cacheMode: 'off' }) : window.app.renew());
document.getElementById('logout').onclick = run(() => window.app.logout());
document.getElementById('users').onclick = run(async () => {
  const res = await fetch(AUTHORITY + '/users?page_size=3', { headers: { Authorization: 'Bearer ' + await accessToken() } });
  return { status: res.status, total: res.headers.get('X-Total-Count'), users: await res.json() };
});
window.ready.then(() => window.app.user()).then(show, (error) => show({ error: String(error) }));
</script></body></html>`;
  /** auth0-spa-js on `path`: silent renewal in its iframe, or with rotating refresh tokens (in its web worker). */
  const auth0Page = (path: string, useRefreshTokens: boolean): string =>
    page(
      '/lib/auth0-spa-js.js',
      `
      const client = await auth0.createAuth0Client({
        domain: AUTHORITY,
        clientId: 'spa-client',
        useRefreshTokens: ${String(useRefreshTokens)},
        authorizationParams: { redirect_uri: location.origin + '${path}', audience: AUDIENCE },
      });
      window.app.login = () => client.loginWithRedirect();
      window.app.user = () => client.getUser();
      window.app.token = (options) => client.getTokenSilently(options);
      window.app.logout = () =>
        client.logout({ logoutParams: { returnTo: location.origin + '${path}?signed-out' } });
      if (new URLSearchParams(location.search).has('code')) {
        await client.handleRedirectCallback();
        history.replaceState(null, '', '${path}');
      }`,
    );
  const oidcSettings = `{
    authority: AUTHORITY,
    client_id: 'spa-client',
    redirect_uri: location.origin + '/oidc.html',
    silent_redirect_uri: location.origin + '/oidc-silent.html',
    post_logout_redirect_uri: location.origin + '/oidc.html?signed-out',
    scope: 'openid profile email offline_access',
    extraQueryParams: { audience: AUDIENCE },
  }`;
  return {
    '/oidc.html': page(
      '/lib/oidc-client-ts.js',
      `
      const manager = new oidc.UserManager(${oidcSettings});
      window.app.login = () => manager.signinRedirect();
      window.app.user = () => manager.getUser();
      window.app.renew = () => manager.signinSilent();
      window.app.logout = () => manager.signoutRedirect();
      if (new URLSearchParams(location.search).has('code')) {
        await manager.signinRedirectCallback();
        history.replaceState(null, '', '/oidc.html');
      }`,
    ),
    '/oidc-silent.html': page(
      '/lib/oidc-client-ts.js',
      `await new oidc.UserManager(${oidcSettings}).signinSilentCallback();`,
    ),
    '/auth0.html': auth0Page('/auth0.html', false),
    '/auth0-refresh.html': auth0Page('/auth0-refresh.html', true),
  };
}

/** Serves the app on localhost (any free port) for a mock at `authority`. */
export async function startSpa(authority: string, audience: string): Promise<SpaServer> {
  const content = pages(authority, audience);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const library = LIBRARIES[path];
    if (library !== undefined) {
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      res.end(readFileSync(library));
      return;
    }
    const html = content[path];
    res.statusCode = html === undefined ? 404 : 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
