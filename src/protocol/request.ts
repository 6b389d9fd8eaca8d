/**
 * A request as every adapter hands it to the pipeline (HTTP, in-process `fetch`, MSW): the request line, the
 * headers, the body bytes read up to the limit, and who sent it; and what the pipeline reads of its URL
 * (`pipeline/read-url.ts`).
 */

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

/**
 * Decoded query parameters (`a=1&a=2` → `{a: ['1', '2']}`), at most MAX_QUERY_KEYS of them, in an object without a
 * prototype (a parameter named `__proto__` is a parameter like any other).
 */
/** Query parameters read at most (as Node's query-string parser reads them). */
const MAX_QUERY_KEYS = 1000;

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
