/**
 * The connection rule of every Node listener of identity-mock, the server's and the drift proxy's (docs/running.md
 * "Connections"): at most `max` connections open at once over the listeners given. When they are all open, a new
 * connection closes the longest-idle one that has no request in flight (a keep-alive socket waiting, or one that
 * never sent a request), so idle sockets can never lock a new client out; only when every connection has a request
 * in flight is the new one refused (closed at once). A connection that sends no complete request line and headers
 * within `headerTimeoutMs` of connecting, or of its last answer, is closed (a slow or silent client holds no slot).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a connection may take to send a complete request line and headers (after connecting or an answer). */
export const HEADER_TIMEOUT_MS = 10_000;

export interface ConnectionCapOptions {
  /** Connections open at once over every listener (`--max-connections`). */
  readonly max: number;
  readonly headerTimeoutMs?: number;
}

/** What the cap knows of one open connection. */
interface Open {
  /** Requests whose headers arrived and whose answer has not finished. */
  inFlight: number;
  /** When the connection last had nothing in flight (connected, or answered), by `performance.now()`. */
  idleSince: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface ConnectionCap {
  /** Connections open now. */
  readonly open: number;
  /** Connections closed to make room for a new one, and new ones refused, since the start. */
  readonly replaced: number;
  readonly refused: number;
}

/**
 * Applies the rule to `listeners` (Node's own `maxConnections` is left unset: it would refuse a new connection
 * before an idle one could make room).
 */
export function capConnections(listeners: readonly Server[], options: ConnectionCapOptions): ConnectionCap {
  const timeout = options.headerTimeoutMs ?? HEADER_TIMEOUT_MS;
  const sockets = new Map<Socket, Open>();
  const figures = { replaced: 0, refused: 0 };

  const arm = (socket: Socket, open: Open): void => {
    if (open.timer !== undefined) clearTimeout(open.timer);
    open.timer = setTimeout(() => {
      if (open.inFlight === 0) socket.destroy();
    }, timeout);
    open.timer.unref();
  };

  const longestIdle = (): Socket | undefined => {
    let found: Socket | undefined;
    let since = Infinity;
    for (const [socket, open] of sockets) {
      if (open.inFlight === 0 && open.idleSince < since) {
        found = socket;
        since = open.idleSince;
      }
    }
    return found;
  };

  const onConnection = (socket: Socket): void => {
    if (sockets.size >= options.max) {
      const idle = longestIdle();
      if (idle === undefined) {
        figures.refused++;
        socket.destroy();
        return;
      }
      figures.replaced++;
      forget(idle);
      idle.destroy();
    }
    const open: Open = { inFlight: 0, idleSince: performance.now(), timer: undefined };
    sockets.set(socket, open);
    arm(socket, open);
    socket.once('close', () => {
      forget(socket);
    });
  };

  const forget = (socket: Socket): void => {
    const open = sockets.get(socket);
    if (open?.timer !== undefined) clearTimeout(open.timer);
    sockets.delete(socket);
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const { socket } = req;
    const open = sockets.get(socket);
    if (open === undefined) return;
    open.inFlight++;
    if (open.timer !== undefined) clearTimeout(open.timer);
    open.timer = undefined;
    let done = false;
    const finished = (): void => {
      if (done) return;
      done = true;
      open.inFlight--;
      if (open.inFlight === 0 && sockets.has(socket)) {
        open.idleSince = performance.now();
        arm(socket, open);
      }
    };
    res.once('finish', finished);
    res.once('close', finished);
  };

  for (const listener of listeners) {
    // Registered before any other listener, so that a connection replaced is gone before the app sees anything.
    listener.prependListener('connection', onConnection);
    listener.prependListener('request', onRequest);
  }
  return {
    get open() {
      return sockets.size;
    },
    get replaced() {
      return figures.replaced;
    },
    get refused() {
      return figures.refused;
    },
  };
}
