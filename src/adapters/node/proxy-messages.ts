/**
 * The drift proxy's handling of HTTP messages (docs/drift.md): request bodies read whole up to the limit, the
 * headers that go on (all but the hop-by-hop ones, RFC 9110 §7.6.1), and the proxy's own answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AdminAnswer } from '../../drift/admin-answer.ts';
import { headerRecord } from './upstream.ts';

/** Bytes of a request body the proxy forwards: the mock's own limit (docs/responses.md, 100 KiB). */
export const REQUEST_BODY_LIMIT = 100 * 1024;

/** Connection-specific headers (RFC 9110 §7.6.1), never forwarded; `Expect` too, since the body is read first. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'host',
]);

const EMPTY = Buffer.alloc(0);

/** Reads the request body, at most REQUEST_BODY_LIMIT bytes. */
export function readBody(req: IncomingMessage): Promise<Buffer | 'too large' | 'gone'> {
  const length = req.headers['content-length'];
  if (length === undefined && req.headers['transfer-encoding'] === undefined) {
    // No body (RFC 9112 §6.3): nothing to wait for.
    req.resume();
    return Promise.resolve(EMPTY);
  }
  const declared = Number(length ?? 0);
  if (declared > REQUEST_BODY_LIMIT) return Promise.resolve('too large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > REQUEST_BODY_LIMIT) {
        req.removeAllListeners('data');
        req.pause();
        resolve('too large');
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => {
      resolve(Buffer.concat(chunks));
    });
    // A client that leaves mid-body: nothing to forward (resolving twice is a no-op once resolved).
    req.once('close', () => {
      if (!req.complete) resolve('gone');
    });
    req.once('error', () => {
      resolve('gone');
    });
  });
}

/**
 * The request's raw headers as they came, less the hop-by-hop ones. A body that came chunked is forwarded whole,
 * so it gets the `Content-Length` of its bytes instead.
 */
export function forwardedHeaders(rawHeaders: readonly string[], body: Buffer): string[] {
  const kept = withoutHopByHop(rawHeaders);
  const hasLength = pairs(kept).some(([name]) => name.toLowerCase() === 'content-length');
  return hasLength || body.length === 0 ? kept : [...kept, 'Content-Length', String(body.length)];
}

/** Raw headers without the hop-by-hop ones (and those the `Connection` header names). */
export function withoutHopByHop(rawHeaders: readonly string[]): string[] {
  const named = new Set(
    pairs(rawHeaders)
      .filter(([name]) => name.toLowerCase() === 'connection')
      .flatMap(([, value]) => value.split(',').map((token) => token.trim().toLowerCase())),
  );
  return pairs(rawHeaders)
    .filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()) && !named.has(name.toLowerCase()))
    .flat();
}

function pairs(rawHeaders: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) out.push([rawHeaders[i] ?? '', rawHeaders[i + 1] ?? '']);
  return out;
}

export function headerValue(rawHeaders: readonly string[], name: string): string | undefined {
  return pairs(rawHeaders).find(([n]) => n.toLowerCase() === name)?.[1];
}

export function lowerHeaders(req: IncomingMessage): Record<string, string> {
  return headerRecord(req.rawHeaders);
}

export function reply(res: ServerResponse, answer: AdminAnswer): void {
  const body = answer.body === undefined ? undefined : Buffer.from(JSON.stringify(answer.body));
  res.writeHead(answer.status, {
    ...answer.headers,
    ...(body === undefined ? {} : { 'Content-Length': String(body.length) }),
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

export function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
