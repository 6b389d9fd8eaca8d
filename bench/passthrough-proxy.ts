/**
 * Baseline for a proxy's cost: a plain node:http pass-through proxy that forwards every request to `--upstream`
 * over kept-alive connections and streams the answer back unchanged (status, headers, body), checking nothing.
 * `createPassthroughProxy(upstream)` for a test or a bench in process; run as a file, it listens on `--port`.
 */
import { Agent, createServer, request, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** A server that forwards to `upstream` (an http:// origin); 502 with a short text when the upstream fails. */
export function createPassthroughProxy(upstream: string): Server {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  return createServer((req, res) => {
    const forward = request(
      {
        agent,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'Content-Type': 'text/plain' }).end(`upstream: ${error.message}\n`);
    });
    req.pipe(forward);
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, upstream: { type: 'string' } } });
  if (values.upstream === undefined) throw new Error('passthrough-proxy: --upstream URL is required');
  createPassthroughProxy(values.upstream).listen(Number(values.port ?? '0'), '127.0.0.1');
}
