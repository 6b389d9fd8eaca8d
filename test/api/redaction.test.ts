/**
 * No secrets in logs or the journal (docs/control-plane.md "Secrets"): query parameters that carry one, whatever
 * their spelling, any header named for a token or secret, and body fields at every depth.
 */
import { Writable } from 'node:stream';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/express/log.ts';
import type { LogLevel } from '../../src/config.ts';
import { buildMock } from '../../src/mock.ts';
import { harness, NOW, SMALL_FIXTURES, SPECS } from '../support/harness.ts';
import { passwordFields } from '../support/auth.ts';

const ACCESS = 's3cr3t-access';
const HINT = 's3cr3t-hint';
const CODE = 's3cr3t-code';
const CLIENT_SECRET = 's3cr3t-client';
const REFRESH = 's3cr3t-refresh';
const PASSWORD = 'Passw0rd!';
const SECRETS = [ACCESS, HINT, CODE, CLIENT_SECRET, REFRESH, PASSWORD];
const URLS = [
  `/userinfo?access_token=${ACCESS}`,
  `/userinfo?access%5Ftoken=${ACCESS}`,
  `/oidc/logout?id_token_hint=${HINT}&state=x`,
  `/authorize?client_id=spa-client&code=${CODE}`,
  `/oauth/token?client_secret=${CLIENT_SECRET}&refresh_token=${REFRESH}&password=${PASSWORD}`,
];

function loggedMock(level: LogLevel): { app: ReturnType<typeof buildMock>['app']; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const mock = buildMock({
    specs: SPECS,
    fixtures: SMALL_FIXTURES,
    now: () => NOW,
    logger: createLogger(level, destination),
  });
  return { app: mock.app, lines };
}

describe('logs', () => {
  it('at info, no secret of a URL is written (access_token and id_token_hint were logged verbatim)', async () => {
    const { app, lines } = loggedMock('info');
    for (const url of URLS) await request(app).get(url);
    expect(lines.length).toBeGreaterThanOrEqual(URLS.length);
    const text = lines.join('');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('REDACTED');
  });

  it('at debug, no header that names a token or a secret is written', async () => {
    const { app, lines } = loggedMock('debug');
    await request(app)
      .get('/users')
      .set('Authorization', `Bearer ${ACCESS}`)
      .set('X-Api-Token', HINT)
      .set('X-Client-Secret', CLIENT_SECRET)
      .set('Cookie', `identity_mock_session=${CODE}`)
      .set('X-Mock-Session', 'visible');
    const text = lines.join('');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('"x-mock-session":"visible"');
  });
});

describe('the journal', () => {
  it('redacts URLs, headers, and a password 60 levels down a body (redaction stopped at 8)', async () => {
    const h = harness();
    let deep: unknown = { password: PASSWORD, client_secret: CLIENT_SECRET };
    for (let i = 0; i < 30; i++) deep = { a: [deep] };
    await request(h.mock.app)
      .post('/oauth/token')
      .set('Content-Type', 'application/json')
      .set('X-Api-Token', HINT)
      .send({ ...passwordFields('admin@example.com'), extra: deep });
    for (const url of URLS) await request(h.mock.app).get(url);
    const text = JSON.stringify(h.mock.control.journal.list({ limit: 1000 }));
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('[REDACTED]');
  });
});
