/**
 * The server-side relying-party examples and the resource server each carry their own copy of test/browser.js (they are standalone
 * projects a user copies one at a time): the copies stay the same file, so a fix to one is a fix to all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const EXAMPLES = new URL('../../examples/', import.meta.url);
const copies = readdirSync(EXAMPLES).filter((name) => {
  try {
    readFileSync(new URL(`${name}/test/browser.js`, EXAMPLES));
    return true;
  } catch {
    return false;
  }
});

describe("the examples' copies of test/browser.js", () => {
  it('are in the five examples that log in through the login page, and are the same', () => {
    expect(copies.sort()).toEqual([
      'authjs-express',
      'express-openid-connect',
      'passport-openid-client',
      'passport-openidconnect',
      'resource-server',
    ]);
    const texts = new Set(
      copies.map((name) => readFileSync(new URL(`${name}/test/browser.js`, EXAMPLES), 'utf8')),
    );
    expect(texts.size).toBe(1);
  });
});
