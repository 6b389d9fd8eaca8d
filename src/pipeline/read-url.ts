/**
 * What the steps read of a request's URL, once (docs/responses.md): the path and query as sent, the scheme and host
 * the client used, and the client's address. A request line in absolute form or a malformed `Host` is a 400.
 */
import { invalidRequest, quote } from '../errors.ts';
import { parseQuery, type MockRequest, type RequestUrl } from '../protocol/request.ts';
import type { Step } from './step.ts';

/** A host name or address, with an optional port (RFC 3986 §3.2.2 reg-name or IP literal). */
function isHost(value: string): boolean {
  if (value.length === 0 || value.length > 255) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const ok =
      (c >= 48 && c <= 58) || // 0-9 :
      (c >= 65 && c <= 90) || // A-Z
      (c >= 97 && c <= 122) || // a-z
      c === 45 || // -
      c === 46 || // .
      c === 95 || // _
      c === 126 || // ~
      c === 91 || // [
      c === 93; // ]
    if (!ok) return false;
  }
  // A name, or an IPv6 address in brackets, then an optional port: `[x` or `a]b` would make `new URL` throw later.
  return HOST_SHAPE.test(value);
}

const HOST_SHAPE = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::[0-9]{0,5})?$/;

/** The first entry of a comma-separated header (`X-Forwarded-Proto: https, http`). */
function firstOf(value: string | undefined): string | undefined {
  const first = value?.split(',')[0]?.trim();
  return first === undefined || first === '' ? undefined : first;
}

/** The last entry of a comma-separated header: what the nearest proxy appended to `X-Forwarded-For`. */
function lastOf(value: string | undefined): string | undefined {
  const last = value?.split(',').at(-1)?.trim();
  return last === undefined || last === '' ? undefined : last;
}

/**
 * Reads the URL and origin of `request`; with `trustProxy`, `X-Forwarded-Proto`/`X-Forwarded-Host` name the scheme
 * and host, and the client is the address the nearest proxy appended to `X-Forwarded-For`. A request line in absolute
 * form or a malformed `Host` is a 400.
 */
export function readUrl(request: MockRequest, trustProxy: boolean): RequestUrl {
  const { target, headers } = request;
  if (!target.startsWith('/')) {
    throw invalidRequest(
      `the request target must be a path such as /users (got ${quote(target)}); absolute-form targets are for proxies`,
      [{ location: 'path', name: '', message: 'must start with /' }],
    );
  }
  const at = target.indexOf('?');
  const path = at < 0 ? target : target.slice(0, at);
  const search = at < 0 ? '' : target.slice(at + 1);
  const forwardedHost = trustProxy ? firstOf(headers['x-forwarded-host']) : undefined;
  const host = forwardedHost ?? headers.host ?? 'localhost';
  if (!isHost(host)) {
    throw invalidRequest(`the Host header is not a host name or address with a port (got ${quote(host)})`, [
      {
        location: 'header',
        name: forwardedHost === undefined ? 'Host' : 'X-Forwarded-Host',
        message: 'is malformed',
      },
    ]);
  }
  const forwardedProto = trustProxy ? firstOf(headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const protocol =
    forwardedProto === 'http' || forwardedProto === 'https'
      ? forwardedProto
      : request.secure
        ? 'https'
        : 'http';
  const forwardedFor = trustProxy ? lastOf(headers['x-forwarded-for']) : undefined;
  return {
    path,
    search,
    query: parseQuery(search),
    protocol,
    host,
    origin: `${protocol}://${host}`,
    clientAddress: forwardedFor ?? request.remoteAddress,
  };
}

/** The request step: the request line and `Host` read (400 `invalid_request` when malformed). */
export const readUrlStep: Step = (x, s) => {
  x.url = readUrl(x.request, s.options.trustProxy);
  return undefined;
};
