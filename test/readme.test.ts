/**
 * Every block of the README and of the docs with runnable examples marked ```` ```sh tested ```` runs, as written,
 * against a mock started with the defaults of `npm start` (seed 42, 200 users) on a free port: `localhost:8080` becomes
 * that port, `npm run cli --` and `npx identity-mock` the built bin. Each block starts from a reset mock, with `TOKEN` and `H` set to an admin
 * token, as the quick start makes them. `curl` reports each answer's status; a block's statuses must all be 2xx, or
 * exactly the ones its fence lists (```` ```sh tested 500 429 ````). Nothing may go to stderr besides. A line
 * `# → text` says what the block prints: its output must contain `text`. A ```` ```js tested ```` block is a
 * self-contained ES module run with Node, importing the built package by its name (`http://localhost:8080` is the
 * mock's URL there too). A ```` ```js recipe FILE ```` block of docs/login.md is an excerpt of an example project
 * that test/examples.test.ts runs: its parts (between `// …` lines) are in FILE, in order, whitespace aside; a
 * ```` ```json recipe FILE ```` block is one of FILE's records.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockInternals as startMock, type RunningMockInternals as RunningMock } from '../src/server.ts';
import { passwordFields } from './support/auth.ts';
import { freePort } from './support/bin-process.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = fileURLToPath(new URL('../dist/bin/identity-mock.js', import.meta.url));
/** The documents whose tested blocks run here: the README and every page of docs/. */
const DOCUMENTS = [
  'README.md',
  ...readdirSync(new URL('../docs', import.meta.url))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
/** Documents whose blocks write files: each of their blocks runs in a folder of its own. */
const OWN_FOLDER = new Set(['docs/drift.md']);

interface Block {
  readonly where: string;
  readonly language: 'sh' | 'js';
  readonly script: string;
  readonly statuses: readonly number[] | undefined;
  /** What the block's output must contain (its `# → text` or `// → text` lines). */
  readonly prints: readonly string[];
}

function blocksOf(document: string): Block[] {
  const text = readFileSync(new URL(`../${document}`, import.meta.url), 'utf8');
  return [...text.matchAll(/^```(sh|js) tested([^\n]*)\n([\s\S]*?)^```$/gm)].map((match) => {
    const expected = (match[2] ?? '').trim();
    const script = match[3] ?? '';
    return {
      where: `${document} line ${text.slice(0, match.index).split('\n').length}`,
      language: match[1] === 'js' ? 'js' : 'sh',
      script,
      statuses: expected === '' ? undefined : expected.split(/\s+/).map(Number),
      prints: [...script.matchAll(/^(?:#|\/\/) → (.+)$/gm)].map((line) => line[1] ?? ''),
    };
  });
}

const blocks: Block[] = DOCUMENTS.flatMap(blocksOf);

const STATUS_LINE = /^HTTP_STATUS (\d{3})$/;

let mock: RunningMock;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  const grant = await fetch(`${mock.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(passwordFields('admin@example.com')),
  });
  const { access_token: token } = (await grant.json()) as Record<string, string>;
  env = { ...process.env, TOKEN: token, H: `Authorization: Bearer ${token ?? ''}` };
});

afterAll(async () => {
  await mock.close();
});

/**
 * The block as it runs here: the mock's port, the built bin, a free port for the drift proxy's 4010, and a `curl`
 * that reports each status on stderr.
 */
function runnable(script: string, proxyPort: number): string {
  const host = new URL(mock.url).host;
  return [
    `curl() { command curl -sS --write-out '%{stderr}HTTP_STATUS %{http_code}\\n' "$@"; }`,
    script
      .replaceAll('http://localhost:8080', mock.url)
      .replaceAll('localhost:8080', host)
      .replaceAll(':4010', `:${proxyPort}`)
      .replaceAll('--port 4010', `--port ${proxyPort}`)
      .replaceAll('./node_modules/.bin/identity-mock', `node ${JSON.stringify(BIN)}`)
      .replaceAll('npm run cli --', `node ${JSON.stringify(BIN)}`)
      .replaceAll('npx identity-mock', `node ${JSON.stringify(BIN)}`),
  ].join('\n');
}

describe('README and docs commands', () => {
  it('has tested blocks', () => {
    expect(blocks.filter((block) => block.where.startsWith('README.md')).length).toBeGreaterThanOrEqual(7);
    expect(blocks.filter((block) => block.where.startsWith('docs/tokens.md')).length).toBeGreaterThanOrEqual(
      6,
    );
  });

  it.each(blocks.filter((block) => block.language === 'js'))(
    'the module at $where',
    async ({ script, prints }) => {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '--eval', script.replaceAll('http://localhost:8080', mock.url)],
        { cwd: ROOT, env, timeout: 30_000 },
      );
      expect(stderr).toBe('');
      for (const text of prints) expect(stdout).toContain(text);
    },
  );

  it.each(blocks.filter((block) => block.language === 'sh'))(
    'the block at $where',
    async ({ where, script, statuses, prints }) => {
      await mock.session().reset();
      const own = OWN_FOLDER.has(where.split(' ')[0] ?? '');
      const cwd = own ? mkdtempSync(join(tmpdir(), 'identity-mock-doc-')) : ROOT;
      let out: { stdout: string; stderr: string };
      try {
        out = await promisify(execFile)('bash', ['-c', runnable(script, await freePort())], {
          cwd,
          env,
          timeout: 30_000,
        });
      } finally {
        if (own) rmSync(cwd, { recursive: true, force: true });
      }
      const { stdout, stderr } = out;
      // A block that waits for a server (`until curl -sf …`) sees it refuse connections until it is up.
      const waits = script.includes('until curl');
      const lines = stderr
        .split('\n')
        .filter(
          (line) =>
            line !== '' &&
            !(waits && (line === 'HTTP_STATUS 000' || line.startsWith('curl: (7) Failed to connect'))),
        );
      const seen = lines.flatMap((line) => {
        const status = STATUS_LINE.exec(line)?.[1];
        return status === undefined ? [] : [Number(status)];
      });
      expect(lines.filter((line) => !STATUS_LINE.test(line))).toEqual([]);
      if (statuses === undefined) {
        expect(seen.length).toBeGreaterThan(0);
        expect(seen.filter((status) => status < 200 || status > 299)).toEqual([]);
      } else {
        expect(seen).toEqual(statuses);
      }
      if (script.includes('search=carey%20jnoes')) expect(stdout).toContain('"name":"Carey Jones"');
      for (const text of prints) expect(stdout).toContain(text);
    },
  );
});

describe("docs/login.md's recipes, excerpts of the example projects", () => {
  const text = readFileSync(new URL('../docs/login.md', import.meta.url), 'utf8');
  const recipes = [...text.matchAll(/^```js recipe (\S+)\n([\s\S]*?)^```$/gm)].map((match) => ({
    file: match[1] ?? '',
    excerpt: match[2] ?? '',
  }));
  const flat = (code: string): string => code.replace(/\s+/g, ' ').trim();

  it('has one for each server-side relying party', () => {
    expect(recipes.map((recipe) => recipe.file)).toEqual([
      'examples/authjs-express/app.js',
      'examples/express-openid-connect/app.js',
      'examples/passport-openid-client/app.js',
      'examples/passport-openidconnect/app.js',
      'examples/resource-server/app.js',
    ]);
  });

  it.each(
    [...text.matchAll(/^```json recipe (\S+)\n([\s\S]*?)^```$/gm)].map((match) => ({
      file: match[1] ?? '',
      record: match[2] ?? '',
    })),
  )('$file holds the record shown', ({ file, record }) => {
    const records = JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as unknown[];
    expect(records).toContainEqual(JSON.parse(record));
  });

  it.each(recipes)('$file holds its recipe', ({ file, excerpt }) => {
    const source = flat(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
    let from = 0;
    for (const part of excerpt.split(/^\s*\/\/ …\s*$/m).map(flat)) {
      if (part === '') continue;
      const at = source.indexOf(part, from);
      expect(at, `${file} lacks (after the recipe's earlier parts): ${part}`).toBeGreaterThanOrEqual(0);
      from = at + part.length;
    }
  });
});
