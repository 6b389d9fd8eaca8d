/**
 * Try the browser login by hand: starts a mock and the test app of the browser tests, and prints the pages to open.
 *
 *   npx tsx test/browser/try-login.ts          # the mock on a free port
 *   npx tsx test/browser/try-login.ts 8080     # the mock on http://localhost:8080
 *
 * Each page has buttons: log in (through the mock's login page), renew silently, call GET /users, log out.
 * Ctrl-C stops both servers.
 */
import { startMockInternals as startMock } from '../../src/server.ts';
import { startSpa } from './spa-server.ts';

const port = Number(process.argv[2] ?? '0');
const mock = await startMock({ port: Number.isInteger(port) ? port : 0 });
const spa = await startSpa(mock.url, 'https://identity.example.com/admin/v1');
console.log(`mock:          ${mock.url}`);
console.log(`oidc-client-ts: ${spa.origin}/oidc.html`);
console.log(`auth0-spa-js:   ${spa.origin}/auth0.html`);
process.once('SIGINT', () => {
  void Promise.all([mock.close(), spa.close()]).then(() => process.exit(0));
});
