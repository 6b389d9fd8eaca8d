/**
 * Assertions on identity-API responses shared by the HTTP tests: the error shape of docs/responses.md, the Link header
 * of docs/users.md, and typed access to list bodies.
 */
import type request from 'supertest';
import { expect } from 'vitest';
import type { ErrorDetail, User } from '../../src/spec/types.ts';

export interface ErrorBody {
  readonly error: string;
  readonly code: string;
  readonly details?: readonly ErrorDetail[];
}

/**
 * The form a message takes in a header (docs/responses.md): printable ASCII as is, cut to 512 characters; anything
 * else an RFC 8187 ext-value, `UTF-8''` + the percent-encoded UTF-8 bytes (attr-chars kept), cut before 512.
 */
export function headerForm(message: string): string {
  if (/^[\x20-\x7e]*$/.test(message)) return message.length > 512 ? `${message.slice(0, 509)}...` : message;
  const encode = (char: string): string =>
    encodeURIComponent(char)
      .replace(/[*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%(23|24|26|2B|5E|60|7C)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  let out = "UTF-8''";
  for (const char of message) {
    const piece = encode(char);
    if (out.length + piece.length > 509) return `${out}...`;
    out += piece;
  }
  return out;
}

/**
 * Asserts an error response of docs/responses.md: `status`, a JSON body `{error, code, details?}` with `code`, and
 * `X-Message` carrying `error`. Returns the body.
 */
export function expectError(res: request.Response, status: number, code: string): ErrorBody {
  expect({ status: res.status, body: res.body as unknown }).toMatchObject({ status, body: { code } });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.body as ErrorBody;
  expect(Object.keys(body).sort()).toEqual(
    body.details === undefined ? ['code', 'error'] : ['code', 'details', 'error'],
  );
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  expect(res.headers['x-message']).toBe(headerForm(body.error));
  expect(res.headers['x-api-version']).toBe('v1');
  return body;
}

/** Asserts a 400 `invalid_request` with a details entry for query parameter `name`; returns that entry. */
export function expectQueryDetail(res: request.Response, name: string): ErrorDetail {
  const body = expectError(res, 400, 'invalid_request');
  const detail = body.details?.find((d) => d.location === 'query' && d.name === name);
  expect(detail, `details of ${JSON.stringify(body)} name query parameter ${name}`).toBeDefined();
  return detail ?? { location: 'query', name, message: '' };
}

/** The users of a 200 list response. */
export function usersOf(res: request.Response): User[] {
  expect(res.status).toBe(200);
  expect(Array.isArray(res.body)).toBe(true);
  return res.body as User[];
}

export function idsOf(users: readonly User[]): string[] {
  return users.map((u) => u.id);
}

export function totalOf(res: request.Response): number {
  const value = res.headers['x-total-count'];
  expect(value).toMatch(/^\d+$/);
  return Number(value);
}

export interface LinkEntry {
  readonly rel: string;
  readonly url: URL;
}

/** Parses an RFC 8288 `Link` header of `<url>; rel="x"` entries, in order. */
export function parseLink(header: string | undefined): LinkEntry[] {
  if (header === undefined) return [];
  return header.split(/,\s*(?=<)/).map((entry) => {
    const match = /^<([^>]*)>;\s*rel="([^"]+)"$/.exec(entry.trim());
    expect(match, `Link entry ${entry}`).not.toBeNull();
    return { url: new URL(match?.[1] ?? ''), rel: match?.[2] ?? '' };
  });
}

/** The path and query of a Link URL, to send it back through the harness. */
export function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/** The query of a URL as a sorted list of [name, value] pairs, to compare regardless of order. */
export function queryPairs(url: URL | string): [string, string][] {
  const params = typeof url === 'string' ? new URLSearchParams(url) : url.searchParams;
  return [...params.entries()].sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  );
}
