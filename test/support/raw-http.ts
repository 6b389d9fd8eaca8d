/**
 * A plain HTTP client for tests that send what a generator produced, as produced: any method (TRACE included,
 * which `fetch` refuses), any header, any body bytes, over one kept-alive connection pool to a mock listening on
 * a free port. An answer that is a stream (`text/event-stream`) is read up to its first chunk and then closed.
 */
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';

export interface RawRequest {
  readonly method: string;
  /** Path and query string, already encoded. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface RawResponse {
  readonly status: number;
  /** Header names in lower case; a repeated header joined with `, ` (Set-Cookie: the first). */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

export interface RawServer {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  send(req: RawRequest): Promise<RawResponse>;
  close(): Promise<void>;
}

/** Serves `listener` on a free loopback port. */
export async function serveRaw(listener: RequestListener): Promise<RawServer> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  return {
    origin: `http://127.0.0.1:${port}`,
    send: (req) => send(agent, port, req),
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
      });
    },
  };
}

function send(agent: Agent, port: number, req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(req.body));
    const outgoing = request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent },
      (res) => {
        const head = { status: res.statusCode ?? 0, headers: flatten(res.headers) };
        if ((head.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          // A stream does not end: its first event (or comment) is its body here.
          res.once('data', (chunk: Buffer) => {
            res.destroy();
            resolve({ ...head, text: chunk.toString('utf8') });
          });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ ...head, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? (name === 'set-cookie' ? (value[0] ?? '') : value.join(', ')) : value;
  }
  return out;
}
