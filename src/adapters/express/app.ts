/**
 * The HTTP adapter: an Express app whose one middleware reads the request (its body up to the limit) into the
 * pipeline's `MockRequest`, and writes the pipeline's answer back, headers and bytes as they are. Nothing here
 * decides anything about a request; nothing here can throw out of the event loop: an answer for a client that has
 * gone away is dropped, and a stream's writes after its end are ignored.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import express, { type Express } from 'express';
import { BODY_LIMIT_BYTES } from '../../errors.ts';
import type { RequestHandler } from '../../pipeline/handle.ts';
import type { MockRequest, RequestBody } from '../../protocol/request.ts';
import type { WireAnswer } from '../../pipeline/wire.ts';
import { logRequest, type Logger } from './log.ts';

/** The app the HTTP adapter builds (Express's type stays in this adapter: the facade names it by this). */
export type ExpressApp = Express;

export function expressApp(handle: RequestHandler, logger: Logger): ExpressApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req, res) => {
    logRequest(logger, req, res);
    serve(handle, req, res).catch((error: unknown) => {
      // Nothing thrown here may leave this callback: it would end the process.
      try {
        logger.error({ err: error, method: req.method }, 'the answer could not be written');
        if (res.headersSent || res.destroyed) res.destroy();
        else res.writeHead(500, { 'Content-Type': 'text/plain' }).end('internal error\n');
      } catch {
        res.destroy();
      }
    });
  });
  return app;
}

async function serve(handle: RequestHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const request: MockRequest = {
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    headers: flatHeaders(req.headers),
    body: await readBody(req),
    remoteAddress: req.socket.remoteAddress ?? '',
    secure: (req.socket as Partial<TLSSocket>).encrypted === true,
  };
  write(req, res, await handle(request));
}

/** Request headers as the pipeline takes them: one string each (Node joins repeats; set-cookie alone is a list). */
function flatHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return out;
}

/** The body, read up to BODY_LIMIT_BYTES; past it, the rest is drained unread and the body marked too large. */
function readBody(req: IncomingMessage): Promise<RequestBody | undefined> {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      length += chunk.length;
      if (length > BODY_LIMIT_BYTES) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => {
      resolve(tooLarge ? { tooLarge: true } : { bytes: Buffer.concat(chunks) });
    });
    // A client that goes away mid-body gets no answer; the pipeline still runs on what arrived.
    req.once('error', () => {
      resolve(tooLarge ? { tooLarge: true } : { bytes: Buffer.concat(chunks) });
    });
  });
}

function write(req: IncomingMessage, res: ServerResponse, wire: WireAnswer): void {
  if (wire.status === 0) {
    req.socket.destroy();
    return;
  }
  // The client went away while the answer was made (a delay, a slow operation): nobody is left to read it.
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(wire.status, wire.headers as Record<string, string | string[]>);
  const { body } = wire;
  if (body === undefined) res.end();
  else if (body instanceof Uint8Array) res.end(body);
  else if (req.method === 'HEAD') res.end();
  else {
    body.open({
      write: (chunk) => {
        if (!res.writableEnded && !res.destroyed) res.write(chunk);
      },
      end: () => {
        if (!res.writableEnded && !res.destroyed) res.end();
      },
      abort: () => {
        res.destroy();
      },
      get buffered() {
        return res.writableLength;
      },
      get ended() {
        return res.writableEnded || res.destroyed;
      },
      onClose: (listener) => {
        if (res.closed) listener();
        else res.once('close', listener);
      },
    });
  }
}
