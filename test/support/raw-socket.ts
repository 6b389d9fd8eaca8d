/**
 * HTTP/1.1 over a bare TCP socket, for what a client library would not send (an absolute-form request line, a
 * malformed Host) and for readers that stop reading: the request goes as written, and what comes back is read
 * until the server closes the connection or `timeoutMs` passes.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** The status of the first response line, or 0 when none came. */
  readonly status: number;
  /** Everything the server sent, as text. */
  readonly text: string;
  /** Whether the server closed the connection before `timeoutMs`. */
  readonly closed: boolean;
}

/** Sends `request` (CRLF line ends included) to `port` on 127.0.0.1 and reads the answer. */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 5_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let settled = false;
    const finish = (closed: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ status: status === undefined ? 0 : Number(status), text, closed });
    };
    const timer = setTimeout(() => {
      finish(false);
    }, timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      // One complete answer with a length: no need to wait for the close.
      const length = /\r\ncontent-length: (\d+)\r\n/i.exec(text)?.[1];
      const end = text.indexOf('\r\n\r\n');
      if (length !== undefined && end >= 0 && text.length >= end + 4 + Number(length)) finish(false);
    });
    socket.on('close', () => {
      finish(true);
    });
    socket.on('error', () => {
      finish(true);
    });
    socket.write(request);
  });
}

/** Opens a socket to `port` and resolves once it is connected (it sends nothing until told to). */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Resolves true when `socket` is closed by the other side within `ms`, false otherwise. */
export function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(false);
    }, ms);
    const done = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once('close', done);
    socket.once('end', done);
    // Reading keeps 'end' coming; the data itself does not matter here.
    socket.resume();
  });
}
