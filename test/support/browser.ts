/**
 * Headless Chromium for the browser tests (test/browser/), driven by playwright-core with Debian's `chromium`
 * package: `.ci/run` installs it when missing; never `npx playwright install` (it downloads a browser build).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser; `CHROMIUM_PATH` overrides it. */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Starts headless Chromium with the flags that keep it off the network (this machine has none but loopback).
 * Fails with an instruction, not a skip, when the browser is missing: CI always runs these tests.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `no Chromium at ${chromiumPath}: install Debian's package (apt-get install -y chromium), as .ci/run does, ` +
        'or set CHROMIUM_PATH',
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
