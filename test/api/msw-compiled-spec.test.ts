/**
 * `identity-mock build-msw --spec FILE` (docs/msw.md "Serving your own document"), run from the built bin: the
 * module it writes for examples/own-spec/openapi.yaml, imported and given to the built bundle's
 * `createHandlers({ spec })`, serves the document with no `new Function` or `eval` (a strict CSP holds), and
 * answers what the same document given as text (compiled in the page) answers. A document that does not parse is
 * exit 2 naming the file, line and column.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, NOW } from '../support/harness.ts';
import { OWN_SPEC_FILE, ownSpecSequence, type Answer } from '../support/own-spec-requests.ts';

const BIN = fileURLToPath(new URL('../../dist/bin/identity-mock.js', import.meta.url));
const BUNDLE = new URL('../../dist/msw/index.js', import.meta.url);
const COMPILED_BASE = 'http://compiled.test';
const RUN_TIME_BASE = 'http://run-time.test';
const REFUSED_BASE = 'http://refused.test';
const run = promisify(execFile);

interface Bundle {
  createHandlers(options: Record<string, unknown>): {
    readonly handlers: Parameters<typeof setupServer>;
    readonly mock: {
      readonly ready: Promise<void>;
      session(): { token(request: { user: string }): Promise<{ accessToken: string }> };
    };
  };
}

const out = mkdtempSync(join(tmpdir(), 'identity-mock-build-msw-'));
const intercepting = setupServer();
let moduleText = '';
let compiled: Answer[];
let runTime: Answer[];
let refusedStatus: number | undefined;
/** Where `new Function` or `eval` was reached: serving the compiled module, and a document given as text. */
let compiledAt: readonly string[] = [];
let refusedAt: readonly string[] = [];
const refusedErrors: unknown[] = [];

/**
 * What `work` gives, with `new Function` and `eval` failing as a strict CSP makes them fail, and where they were
 * reached.
 */
async function withoutCodeFromText<T>(work: () => Promise<T>): Promise<{ result: T; reached: string[] }> {
  const { Function: original, eval: originalEval } = globalThis;
  const reached: string[] = [];
  const refuse = (what: string): never => {
    reached.push(new Error(what).stack ?? what);
    throw new EvalError(`${what} is refused here, as under script-src 'self'`);
  };
  globalThis.Function = new Proxy(original, {
    construct: () => refuse('new Function'),
    apply: () => refuse('Function()'),
  });
  globalThis.eval = () => refuse('eval');
  try {
    return { result: await work(), reached };
  } finally {
    globalThis.Function = original;
    globalThis.eval = originalEval;
  }
}

beforeAll(async () => {
  for (const file of [BIN, fileURLToPath(BUNDLE)])
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  const { stdout } = await run(process.execPath, [BIN, 'build-msw', '--spec', OWN_SPEC_FILE, '--out', out]);
  expect(stdout).toContain(join(out, 'identity-mock-spec.js'));
  const file = join(out, 'identity-mock-spec.js');
  moduleText = readFileSync(file, 'utf8');
  const spec = ((await import(pathToFileURL(file).href)) as { default: unknown }).default;
  const bundle = (await import(BUNDLE.href)) as Bundle;

  const ahead = bundle.createHandlers({ spec, baseUrl: COMPILED_BASE, now: () => NOW });
  const given = bundle.createHandlers({
    spec: readFileSync(OWN_SPEC_FILE, 'utf8'),
    baseUrl: RUN_TIME_BASE,
    now: () => NOW,
  });
  intercepting.use(...ahead.handlers, ...given.handlers);
  intercepting.listen({ onUnhandledRequest: 'error' });
  await Promise.all([ahead.mock.ready, given.mock.ready]);
  const [aheadToken, givenToken] = await Promise.all(
    [ahead, given].map(async ({ mock }) => (await mock.session().token({ user: ADMIN })).accessToken),
  );
  ({ result: compiled, reached: compiledAt } = await withoutCodeFromText(() =>
    ownSpecSequence((request) => fetch(request), COMPILED_BASE, aheadToken ?? ''),
  ));
  runTime = await ownSpecSequence((request) => fetch(request), RUN_TIME_BASE, givenToken ?? '');

  // The same guard around a document given as text: its first request compiles a validator, and is refused.
  const refused = bundle.createHandlers({
    spec: readFileSync(OWN_SPEC_FILE, 'utf8'),
    baseUrl: REFUSED_BASE,
    now: () => NOW,
    onError: (error: unknown) => refusedErrors.push(error),
  });
  intercepting.use(...refused.handlers);
  const refusedToken = (await refused.mock.session().token({ user: ADMIN })).accessToken;
  // ajv logs the compile it could not do: kept out of the test's output.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  ({ result: refusedStatus, reached: refusedAt } = await withoutCodeFromText(async () => {
    const res = await fetch(`${REFUSED_BASE}/workspaces`, {
      headers: { Authorization: `Bearer ${refusedToken}` },
    });
    return res.status;
  }));
  logged.mockRestore();
}, 180_000);

afterAll(() => {
  intercepting.close();
  rmSync(out, { recursive: true, force: true });
});

describe('identity-mock build-msw --spec FILE', () => {
  it('writes an ES module that builds no code from text, and its declaration file', () => {
    expect(moduleText).toMatch(/^export default /m);
    expect(moduleText).not.toMatch(/new Function|\beval\s*\(/);
    expect(readFileSync(join(out, 'identity-mock-spec.d.ts'), 'utf8')).toContain(
      "import type { CompiledSpec } from 'identity-mock/msw'",
    );
  });

  it('serves the document through the built bundle with no new Function or eval reached', () => {
    expect(compiledAt).toEqual([]);
    const statuses = new Map(compiled.map((a) => [a.step, a.status]));
    expect(statuses.get('create a workspace')).toBe(201);
    expect(statuses.get('a bad body (400)')).toBe(400);
    expect(statuses.get('a duplicate slug (409)')).toBe(409);
  });

  it('the guard catches a validator compiled in the page (a document given as text)', () => {
    expect(refusedStatus).toBe(500);
    expect(refusedAt.length).toBeGreaterThan(0);
    // What the page's onError is told: what to do instead.
    expect(String(refusedErrors[0])).toContain('compile the document ahead with identity-mock build-msw');
  });

  it('answers as the document given at run time does', () => {
    const rebased = (answers: Answer[], base: string): Answer[] =>
      answers.map((a) => ({ ...a, location: a.location?.replace(base, '<base>') ?? null }));
    expect(rebased(compiled, COMPILED_BASE)).toEqual(rebased(runTime, RUN_TIME_BASE));
  });

  it('exits 2 on a document that does not parse, naming the file, line and column', async () => {
    const bad = join(out, 'broken.yaml');
    writeFileSync(bad, 'openapi: 3.1.0\ninfo:\n  title: x\n   bad: [\n');
    const failed = await run(process.execPath, [BIN, 'build-msw', '--spec', bad, '--out', out]).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain(`${bad}:4:7: bad indentation of a mapping entry`);
  });

  it('exits 2 without --spec, saying what it needs', async () => {
    const failed = await run(process.execPath, [BIN, 'build-msw', '--out', out]).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain('build-msw needs --spec FILE');
  });
});
