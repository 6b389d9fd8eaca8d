/**
 * `GET /` from a client that prefers HTML (a browser) goes to the console, or to the API reference when the
 * control plane is off (docs/running.md).
 */
import { prefersHtml } from '../protocol/accepts.ts';
import { urlOf } from './exchange.ts';
import type { Step } from './step.ts';

/** The home step: the 302 to the console (or `/docs`) for a browser asking for `/`; undefined for any other request. */
export const homeStep: Step = (x, s) => {
  const { request } = x;
  const url = urlOf(x);
  const { home } = s;
  const isHome =
    (request.method === 'GET' || request.method === 'HEAD') &&
    url.path === '/' &&
    prefersHtml(request.headers.accept);
  return isHome
    ? { status: 302, headers: { Location: home, 'X-Message': `The console is at ${home}` } }
    : undefined;
};
