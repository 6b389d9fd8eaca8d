/**
 * `createHandlers()` (docs/msw.md) beyond the parity property test: options a page cannot honour are refused naming
 * what works, the operations left to the server say so, another seed gives the server's users byte for byte, and
 * tokens cross between WebCrypto and jsonwebtoken with a key of the caller's.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHandlers, OptionError } from '../../src/msw/index.ts';
import { createMock } from '../../src/mock.ts';
import { ADMIN, NOW, SPECS } from '../support/harness.ts';

const BASE = 'http://localhost:8080';
const get = (path: string, token?: string): Request =>
  new Request(`${BASE}${path}`, token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } });

describe('createHandlers options', () => {
  it.each([
    ['signingKey', { signingKey: 'key.pem' }, /signingKey names a key file.*signingKeyPem/],
    [
      'fixtures as a path',
      { fixtures: './fixtures' },
      /fixtures "\.\/fixtures" names a file or folder.*records/,
    ],
    ['port', { port: 9000 }, /port is a listening port.*baseUrl/],
    ['validateResponses', { validateResponses: true }, /validateResponses compiles response schemas/],
    [
      'an unknown option',
      { sead: 7 },
      /unknown option "sead"; did you mean "seed"\?; accepted: .*baseUrl.*seed/,
    ],
  ])('refuses %s, naming what works instead', (_, options, message) => {
    expect(() => createHandlers(options as never)).toThrow(OptionError);
    expect(() => createHandlers(options as never)).toThrow(message);
  });
});

describe('createHandlers answers', () => {
  it('404 not_found for the API reference, the console and the pact files, naming the server', async () => {
    const { mock } = createHandlers({ now: () => NOW });
    for (const path of ['/docs', '/docs/docs.css', '/__admin/ui/', '/__admin/contracts']) {
      const res = await mock.fetch(
        new Request(`${BASE}${path}`, { headers: { Accept: 'application/json' } }),
      );
      expect(res.status, path).toBe(404);
      expect(res.headers.get('X-Message'), path).toContain('served by the identity-mock server');
    }
  });

  it('with another seed and size, the users of the server, byte for byte', async () => {
    const { mock } = createHandlers({ seed: 7, users: 40, now: () => NOW });
    const server = createMock({ specs: SPECS, seed: 7, users: 40, now: () => NOW });
    const token = (await server.session().token({ user: ADMIN })).accessToken;
    const [inPage, onServer] = await Promise.all([
      mock.fetch(get('/users?page_size=100', token)),
      server.fetch(get('/users?page_size=100', token)),
    ]);
    expect(inPage.status).toBe(200);
    expect(await inPage.text()).toBe(await onServer.text());
  });

  it('tokens signed with the same key of the caller verify on the other side, both ways', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string;
    const file = join(mkdtempSync(join(tmpdir(), 'msw-key-')), 'key.pem');
    writeFileSync(file, pem);
    const { mock } = createHandlers({ signingKeyPem: pem, now: () => NOW });
    const server = createMock({ specs: SPECS, signingKey: file, now: () => NOW });
    const fromPage = (await mock.session().token({ user: ADMIN })).accessToken;
    const fromServer = (await server.session().token({ user: ADMIN })).accessToken;
    expect((await server.fetch(get('/users?page_size=1', fromPage))).status).toBe(200);
    expect((await mock.fetch(get('/users?page_size=1', fromServer))).status).toBe(200);
    // The dev key is not that key: a token of the default mock is refused, as the server refuses it.
    const other = createHandlers({ now: () => NOW }).mock;
    const refused = await other.fetch(get('/users?page_size=1', fromServer));
    expect(refused.status).toBe(401);
  });
});
