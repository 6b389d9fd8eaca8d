/**
 * `GET /` from a client that prefers HTML (a browser) goes to the console, or to the API reference when the
 * control plane is off (docs/running.md).
 */
import type { Answer } from '../answer.ts';
import { prefersHtml } from '../protocol/accepts.ts';
import type { MockRequest, RequestUrl } from '../protocol/request.ts';

/** The 302 to `home` for a browser asking for `/`; undefined for any other request. */
export function browserHome(request: MockRequest, url: RequestUrl, home: string): Answer | undefined {
  const isHome =
    (request.method === 'GET' || request.method === 'HEAD') &&
    url.path === '/' &&
    prefersHtml(request.headers.accept);
  return isHome
    ? { status: 302, headers: { Location: home, 'X-Message': `The console is at ${home}` } }
    : undefined;
}
