/**
 * `createHandlers({ spec })` serves a document of a team's own (docs/msw.md "Serving your own document") as the
 * server does (docs/own-spec.md): the same sequence of requests to examples/own-spec/openapi.yaml, given as its YAML
 * text behind msw/node's `setupServer` (request schemas compiled in the page) and by `createMock({ spec: FILE })`,
 * gets the same statuses, `X-Message`s, headers and bodies. A document that cannot be served throws at once.
 */
import { readFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from 'js-yaml';
import { createHandlersFrom } from '../../src/adapters/msw/create-handlers.ts';
import { MSW_PARTS } from '../../src/adapters/msw/source-parts.ts';
import { createMock } from '../../src/index.ts';
import { OptionError } from '../../src/resolve-options.ts';
import { ResponseChecker } from '../../src/spec/response-check.ts';
import { parseSpecDocument } from '../../src/spec/document.ts';
import { ADMIN, NOW } from '../support/harness.ts';
import { OWN_SPEC_FILE, ownSpecSequence, type Answer } from '../support/own-spec-requests.ts';

const BASE = 'http://own-spec.test';
const TEXT = readFileSync(OWN_SPEC_FILE, 'utf8');
const intercepting = setupServer();

let viaMsw: Answer[];
const problems: string[] = [];
let viaNode: Answer[];

beforeAll(async () => {
  const { handlers, mock } = createHandlersFrom(MSW_PARTS, { spec: TEXT, baseUrl: BASE, now: () => NOW });
  intercepting.use(...handlers);
  intercepting.listen({ onUnhandledRequest: 'error' });
  const pageToken = (await mock.session().token({ user: ADMIN })).accessToken;
  const checker = new ResponseChecker(parseSpecDocument(TEXT, OWN_SPEC_FILE));
  viaMsw = await ownSpecSequence(
    (request) => fetch(request),
    BASE,
    pageToken,
    (sample) => {
      const found = checker.check(sample);
      if (found.length > 0) problems.push(`${sample.method} ${sample.path}: ${found.join('; ')}`);
    },
  );

  const node = createMock({ spec: OWN_SPEC_FILE, now: () => NOW });
  const nodeToken = (await node.session().token({ user: ADMIN })).accessToken;
  viaNode = await ownSpecSequence((request) => node.fetch(request), 'http://localhost:8080', nodeToken);
}, 120_000);

afterAll(() => {
  intercepting.close();
});

describe('createHandlers({ spec }) with a document given at run time', () => {
  it('answers the sequence as createMock({ spec: FILE }) does', () => {
    expect(viaMsw.map((a) => `${a.step}: ${String(a.status)}`)).toEqual(
      viaNode.map((a) => `${a.step}: ${String(a.status)}`),
    );
    // The location names the host's base URL; the rest is the same.
    const rebased = (answers: Answer[], base: string): Answer[] =>
      answers.map((a) => ({ ...a, location: a.location?.replace(base, '<base>') ?? null }));
    expect(rebased(viaMsw, BASE)).toEqual(rebased(viaNode, 'http://localhost:8080'));
  });

  it('serves the document: created, found, read, patched, deleted, each with its notice', () => {
    const by = new Map(viaMsw.map((a) => [a.step, a]));
    expect(by.get('create a workspace')).toMatchObject({
      status: 201,
      message: 'Workspace created successfully',
    });
    expect(by.get('patch it')).toMatchObject({ status: 200, message: 'Workspace updated successfully' });
    expect(by.get('delete the workspace')?.status).toBe(204);
    expect(by.get('the workspace is gone (404)')?.status).toBe(404);
    expect(by.get('a duplicate slug (409)')?.status).toBe(409);
    expect(by.get('a bad body (400)')?.status).toBe(400);
    expect(by.get('a read-only id sent (400)')).toMatchObject({ status: 400, message: 'id is read-only' });
    expect(by.get('an unknown query parameter (400)')?.status).toBe(400);
    expect(by.get('search for the user')).toMatchObject({ status: 200, total: '1' });
    expect(by.get('the caller')?.body).toMatchObject({ email: ADMIN });
  });

  it('answers only what the document allows', () => {
    expect(viaMsw).toHaveLength(23);
    expect(problems).toEqual([]);
  });

  it('takes the parsed document as it takes its text', async () => {
    const { mock } = createHandlersFrom(MSW_PARTS, {
      spec: load(TEXT) as Record<string, unknown>,
      now: () => NOW,
    });
    const token = (await mock.session().token({ user: ADMIN })).accessToken;
    const answers = await ownSpecSequence((request) => mock.fetch(request), mock.baseUrl, token);
    expect(answers.map((a) => [a.step, a.status, a.body])).toEqual(
      viaMsw.map((a) => [a.step, a.status, a.body]),
    );
  });

  it('refuses at once a document that does not parse, naming the line and column', () => {
    expect(() =>
      createHandlersFrom(MSW_PARTS, { spec: 'openapi: 3.1.0\ninfo:\n  title: x\n   bad: [\n' }),
    ).toThrow(/^createHandlers: spec: the spec option:4:7: bad indentation/);
  });

  it('refuses a file path, a URL and what is no OpenAPI 3 document', () => {
    for (const spec of [OWN_SPEC_FILE, new URL(`file:///${OWN_SPEC_FILE}`)]) {
      expect(() => createHandlersFrom(MSW_PARTS, { spec })).toThrow(OptionError);
      expect(() => createHandlersFrom(MSW_PARTS, { spec })).toThrow(
        /names a file, which a browser cannot read/,
      );
    }
    expect(() => createHandlersFrom(MSW_PARTS, { spec: { swagger: '2.0', paths: {} } })).toThrow(
      /not an OpenAPI 3\.0 or 3\.1 document/,
    );
    const older = { format: 'identity-mock/compiled-spec@0', document: {} };
    expect(() => createHandlersFrom(MSW_PARTS, { spec: older })).toThrow(
      /compiled as identity-mock\/compiled-spec@0 by another version of identity-mock; compile it again/,
    );
  });
});
