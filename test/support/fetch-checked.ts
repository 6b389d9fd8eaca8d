/**
 * `fetch` against a listening mock (`startMock`), with the answer checked against spec/openapi.yaml as the
 * harness checks supertest answers: for tests of the public entry and of real sockets.
 */
import { expect } from 'vitest';
import { checker } from './harness.ts';

export interface FetchedResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** The parsed JSON body, or undefined when there is none. */
  readonly body: unknown;
}

/** Fetches `baseUrl + path`; fails the test unless the answer conforms to spec/openapi.yaml. */
export async function fetchChecked(
  baseUrl: string,
  path: string,
  init: RequestInit = {},
): Promise<FetchedResponse> {
  const res = await fetch(`${baseUrl}${path}`, init);
  const text = await res.text();
  const headers = Object.fromEntries(res.headers.entries());
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  const method = init.method ?? 'GET';
  const problems = checker.check({ method, path, status: res.status, headers, body });
  expect(problems, `answer of ${method} ${path} must conform to the spec`).toEqual([]);
  return { status: res.status, headers, text, body };
}

export function bearer(token: string): { readonly headers: Record<string, string> } {
  return { headers: { Authorization: `Bearer ${token}` } };
}
