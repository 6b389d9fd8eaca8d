/**
 * A request as every adapter hands it to the pipeline (HTTP, in-process `fetch`, MSW): the request line, the
 * headers, the body bytes read up to the limit, and who sent it. `readUrl` derives once what the steps need: the
 * path and query as sent, the scheme and host the client used, and the client's address.
 */
import { invalidRequest, quote } from '../errors.ts';

export interface MockRequest {
  /** Upper-case method. */
  readonly method: string;
  /** The request target as sent on the request line: path and query, still percent-encoded (`/users?page=2`). */
  readonly target: string;
  /** Header names in lower case; a header sent several times is one value joined with `, `. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body, read up to the limit; undefined when there is none. */
  readonly body?: RequestBody | undefined;
  /** The address of the peer that sent the request (the nearest proxy behind one). */
  readonly remoteAddress: string;
  /** Whether the request came over TLS. */
  readonly secure: boolean;
}

export type RequestBody = { readonly bytes: Uint8Array } | { readonly tooLarge: true };

export type Query = Readonly<Record<string, string | readonly string[]>>;

/** What the steps read of a request's URL and origin. */
export interface RequestUrl {
  /** The path as sent, percent-encoded. */
  readonly path: string;
  /** The query string as sent, without `?`. */
  readonly search: string;
  /** The query parameters, decoded; a parameter given several times has each value. */
  readonly query: Query;
  /** `http` or `https`, as the client reached the server. */
  readonly protocol: string;
  /** Host and port as the client named them (`localhost:8080`). */
  readonly host: string;
  /** `protocol://host`. */
  readonly origin: string;
  /** The client's address: the peer, or with a trusted proxy the address that proxy appended. */
  readonly clientAddress: string;
}

/** Query parameters read at most (as Node's query-string parser reads them). */
const MAX_QUERY_KEYS = 1000;

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
  return true;
}

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

/**
 * Decoded query parameters (`a=1&a=2` → `{a: ['1', '2']}`), at most MAX_QUERY_KEYS of them, in an object without a
 * prototype (a parameter named `__proto__` is a parameter like any other).
 */
export function parseQuery(search: string): Query {
  const query = Object.create(null) as Record<string, string | string[]>;
  if (search === '') return query;
  let keys = 0;
  for (const [name, value] of new URLSearchParams(search)) {
    const previous = query[name];
    if (previous === undefined) {
      if (keys++ >= MAX_QUERY_KEYS) break;
      query[name] = value;
    } else if (typeof previous === 'string') query[name] = [previous, value];
    else previous.push(value);
  }
  return query;
}

/** A header's value, for the headers a step reads once (names in lower case). */
export function header(request: MockRequest, name: string): string | undefined {
  return request.headers[name];
}
