/**
 * `startMock(options)`: a mock listening on a port (0 = any free one), with its URL, and a `close()` that stops
 * accepting connections and waits for requests in flight. With `authPort`, the authorization server gets a
 * listener of its own (docs/running.md), as in production. At most `maxConnections` connections are open at once
 * over every listener, by the rule of `adapters/node/connection-cap.ts` (a new one replaces the longest-idle one),
 * so idle sockets can neither use up the process's file descriptors nor lock a new client out.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { capConnections } from './adapters/node/connection-cap.ts';
import { drain, portOf } from './adapters/node/listener.ts';
import { sessionClient } from './client/session-client.ts';
import type { SessionApi } from './client/session-api.ts';
import { loadFaker } from './data/faker.ts';
import { runInSlices } from './data/sliced-work.ts';
import type { Host } from './config.ts';
import { buildMockSteps, seedsData, type Mock, type MockInternals, type MockOptions } from './mock.ts';
import { resolveOptions } from './resolve-options.ts';
import { NodeKeySet, readKeyPair } from './platform/node/signing-keys.ts';
import { specsFor, specsReady } from './adapters/express/specs.ts';

/** Requests kept waiting while the data is built at start; more are answered 503 with Retry-After. */
const MAX_WAITING = 1_000;

/** A listener that could not be opened: which one (`port` for the API, `authPort`), where, and why. */
export class ListenError extends Error {
  override readonly name = 'ListenError';

  constructor(
    readonly listener: 'port' | 'authPort',
    readonly port: number,
    readonly host: string,
    /** Node's error code: `EADDRINUSE`, `EACCES`, `ENOTFOUND`, `EADDRNOTAVAIL`, … */
    readonly code: string | undefined,
    cause: Error,
  ) {
    super(`cannot listen on ${host}:${port}: ${cause.message}`, { cause });
  }
}

/** A named session of a running mock (the session API over its admin API), and its URLs for HTTP clients. */
export interface RunningSession extends SessionApi {
  /** Base URL of the authorization server. */
  readonly authUrl: string;
}

export interface RunningMock extends Omit<Mock, 'session'> {
  /** The default session without `id`, else the named session `id` (created on first use), with its URLs. */
  session(id?: string): RunningSession;
  /** Base URL of the API, e.g. `http://localhost:8080`. */
  readonly url: string;
  /** Base URL of the authorization server (`url` unless `authPort`). */
  readonly authUrl: string;
  readonly port: number;
  readonly server: Server;
  /** Stops accepting connections, lets requests in flight finish (at most `graceMs`), then resolves. */
  close(graceMs?: number): Promise<void>;
}

/** A running mock with the parts the package's own tests and command line reach. */
export interface RunningMockInternals extends RunningMock, Omit<MockInternals, 'session'> {}

/**
 * @example
 * const mock = await startMock({ port: 0, seed: 1, users: 100 });
 * await fetch(`${mock.url}/health`);
 * await mock.close();
 */
export function startMock(options: MockOptions = {}): Promise<RunningMock> {
  return startMockInternals(options);
}

/** `startMock` with the internals typed; `from` is whose options these are (`cli` for the command's Config). */
export async function startMockInternals(
  options: MockOptions = {},
  from: Host = 'startMock',
): Promise<RunningMockInternals> {
  // Options are checked, and the documents loaded and checked, before the mock listens.
  const o = resolveOptions(options, from);
  const specs = o.specs ?? specsFor(o.spec);
  await specsReady(specs);
  const { host } = o;
  // The key is read once, here: one that cannot sign fails the start before a port is taken.
  const keys = new NodeKeySet([readKeyPair(o.signingKey, o.now())]);
  const server = await listen(o.port, host, 'port');
  const authServer = o.authPort === undefined ? undefined : await listen(o.authPort, host, 'authPort');
  // The URL says `localhost`, which some clients (Pact's verifier among them) resolve to ::1 first: on the
  // default IPv4 loopback, also listen on the IPv6 loopback, so every client reaches the mock by that name.
  const twins = host === '127.0.0.1' ? await Promise.all([server, authServer].map((s) => twinOnIpv6(s))) : [];
  const url = urlOf(server, host);
  const authUrl = authServer === undefined ? url : urlOf(authServer, host);
  const listeners = [server, authServer, ...twins].filter((s): s is Server => s !== undefined);
  capConnections(listeners, { max: o.maxConnections });
  let closed = false;
  const inFlight = new Set<ServerResponse>();
  for (const listener of listeners) {
    // Registered before the app: once closing, answers end their connection instead of keeping it alive.
    listener.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (closed) res.setHeader('Connection', 'close');
      inFlight.add(res);
      res.once('close', () => {
        inFlight.delete(res);
        if (closed) listener.closeIdleConnections();
      });
    });
  }
  // The data is built in slices after listen (data/sliced-work.ts): requests that arrive meanwhile wait for it.
  let built: MockInternals | undefined = undefined;
  const waiting: (() => void)[] = [];
  const serve =
    (pick: (mock: MockInternals) => Mock['app']) =>
    (req: IncomingMessage, res: ServerResponse): void => {
      if (built !== undefined) pick(built)(req, res);
      else if (waiting.length < MAX_WAITING) {
        waiting.push(() => {
          // A client that went away while the data was built gets nothing written.
          if (built !== undefined && !res.destroyed) pick(built)(req, res);
        });
      } else if (!res.destroyed) {
        res.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'text/plain' }).end('starting\n');
      }
    };
  server.on(
    'request',
    serve((m) => m.app),
  );
  authServer?.on(
    'request',
    serve((m) => m.authApp),
  );
  twins[0]?.on(
    'request',
    serve((m) => m.app),
  );
  twins[1]?.on(
    'request',
    serve((m) => m.authApp),
  );
  let mock: MockInternals;
  try {
    if (seedsData(options)) await loadFaker();
    mock = await runInSlices(
      buildMockSteps(
        { ...options, specs, separateAuthServer: authServer !== undefined },
        { keys, authUrl, host: from },
      ),
    );
  } catch (error) {
    await Promise.all(listeners.map((listener) => drain(listener, 0)));
    throw error;
  }
  built = mock;
  for (const answer of waiting.splice(0)) answer();
  // What the engine accepted in the served document but does not interpret (docs/own-spec.md), said once a start.
  for (const note of mock.services.resources.model.notes) mock.logger.warn({ spec: specs.api.name }, note);
  return {
    ...mock,
    // A reload replaces the served document's part of the services: read them from the mock each time.
    get services() {
      return mock.services;
    },
    get model() {
      return mock.model;
    },
    // The session API over this mock's own admin API: the same handle as sessionClient(url, id) elsewhere.
    session: (id) => ({ ...sessionClient(url, id, { adminToken: o.adminToken }), authUrl }),
    url,
    authUrl,
    port: portOf(server),
    server,
    close: async (graceMs = 15_000) => {
      closed = true;
      mock.stopWatching();
      mock.endStreams();
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      await Promise.all(listeners.map((listener) => drain(listener, graceMs)));
    },
  };
}

function listen(port: number, host: string, listener: ListenError['listener']): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(new ListenError(listener, port, host, error.code, error));
    });
    server.listen(port, host, () => {
      resolve(server);
    });
  });
}

/** A listener on ::1 at `server`'s port, or undefined when the machine has no IPv6 loopback or the port is taken. */
async function twinOnIpv6(server: Server | undefined): Promise<Server | undefined> {
  if (server === undefined) return undefined;
  try {
    return await listen(portOf(server), '::1', 'port');
  } catch {
    return undefined;
  }
}

function urlOf(server: Server, host: string): string {
  return `http://${publicHost(host)}:${portOf(server)}`;
}

/** The host part of the mock's URL: loopback and wildcard binds are reached as `localhost`. */
function publicHost(host: string): string {
  if (['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', ''].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
