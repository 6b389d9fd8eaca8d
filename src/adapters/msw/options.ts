/**
 * Options of the server that cannot work where MSW answers (a page has no files, sockets or process): each is
 * refused at `createHandlers` naming the option and what works instead, rather than ignored.
 */

/** An option `createHandlers` cannot honour; the message names it and what works instead. */
export class OptionError extends Error {
  override readonly name = 'OptionError';
}

const INSTEAD: Readonly<Record<string, string>> = {
  signingKey:
    'names a key file, which a browser cannot read; pass the key itself as signingKeyPem (PKCS#8 PEM text, "-----BEGIN PRIVATE KEY-----"), or leave it out for the dev key the server uses by default',
  port: 'is a listening port; the handlers answer at baseUrl (e.g. baseUrl: "http://localhost:9000")',
  host: 'is a listening address; the handlers answer at baseUrl',
  authPort:
    'gives the authorization server a listener of its own; the handlers answer every operation at baseUrl',
  separateAuthServer: 'needs listeners; the handlers answer every operation at baseUrl',
  logLevel: 'sets the server log; the requests are in mock.requests() (the journal)',
  logger: 'sets the server log; the requests are in mock.requests() (the journal)',
  trustProxy: 'reads proxy headers of a server; requests reach the handlers directly',
  adminCors: 'opens /__admin to other origins of a server; the page calls the handlers on its own origin',
  allowedHosts: 'names hosts a server answers to; the handlers answer at baseUrl',
  maxConnections: "bounds a server's sockets; the handlers have none",
  shutdownGrace: "is a server's shutdown wait; there is no server to stop",
  validateResponses:
    "compiles response schemas at run time, which a page's Content-Security-Policy forbids; check answers against spec/openapi.yaml in your tests",
  specs: 'holds documents loaded from files; the handlers carry the documents built in',
  dataset: 'takes a dataset object of the Node API; pass fixture records as fixtures, or seed and users',
};

/** The refusal of option `name` with `value`, or undefined when the option can be honoured. */
export function refusedOption(name: string, value: unknown): string | undefined {
  if (name === 'fixtures' && typeof value === 'string') {
    return `createHandlers: fixtures ${JSON.stringify(value)} names a file or folder, which a browser cannot read; pass the records themselves (fixtures: { users: [...], workspaces: [...], clients: [...] }, e.g. from import fixtures from './users.json')`;
  }
  const instead = INSTEAD[name];
  return instead === undefined ? undefined : `createHandlers: ${name} ${instead}`;
}
