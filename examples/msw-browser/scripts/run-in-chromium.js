// `npm test`: serves public/ on a free loopback port, opens the page in headless Chromium (Debian's package, via
// playwright-core; CHROMIUM_PATH overrides), waits for what the page found, checks it, and keeps a screenshot
// (screenshot.png here, and in SCREENSHOT_DIR when set). Tokens cross both ways: the page verifies a token a Node
// mock minted, and a Node mock verifies the token the page minted.
import { createServer } from 'node:http';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { createMock } from 'identity-mock';

const PUBLIC = new URL('../public/', import.meta.url).pathname;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript' };
const server = createServer((req, res) => {
  const name = new URL(req.url ?? '/', 'http://x').pathname.slice(1) || 'index.html';
  const file = join(PUBLIC, name);
  if (!/^[\w.-]+$/.test(name) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const node = createMock();
const nodeToken = (await node.session().token({ user: 'admin@example.com' })).accessToken;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 520 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`http://127.0.0.1:${port}/?token=${encodeURIComponent(nodeToken)}`);
  await page.waitForSelector('body[data-result]', { timeout: 60_000 });
  const result = JSON.parse(await page.getAttribute('body', 'data-result'));
  await page.screenshot({ path: 'screenshot.png' });
  if (process.env.SCREENSHOT_DIR)
    copyFileSync('screenshot.png', join(process.env.SCREENSHOT_DIR, 'msw-browser.png'));
  console.log(JSON.stringify({ ...result, browserToken: `${result.browserToken?.slice(0, 16)}…` }));
  assert.deepEqual(errors, []);
  assert.equal(result.error, undefined);
  assert.equal(result.grant, 200);
  assert.equal(result.deleted, 204);
  assert.equal(result.list, 200);
  assert.equal(result.total, '202');
  assert.ok(!result.listed.includes('user'), 'the deleted user is gone from the next list');
  assert.equal(result.refused, 400);
  assert.equal(result.nodeTokenHere, 200, 'a token minted on Node verifies in the page');
  const verified = await node.fetch(
    new Request('http://localhost:8080/users?page_size=1', {
      headers: { Authorization: `Bearer ${result.browserToken}` },
    }),
  );
  assert.equal(verified.status, 200, 'a token minted in the page verifies on Node');
} finally {
  await browser.close();
  server.close();
}
