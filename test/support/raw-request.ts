/**
 * One HTTP request with `node:http`, answered as it came on the wire: status, raw headers in order, body bytes.
 * For tests that compare answers byte for byte (the drift proxy must pass them on unchanged).
 */
import { request as httpRequest } from 'node:http';

export interface RawAnswer {
  readonly status: number;
  /** Header names and values in the order received (`rawHeaders`). */
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
}

export interface RawRequest {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/** Sends `init` to `url` on a fresh connection; resolves with the whole answer, rejects if it is cut short. */
export function rawRequest(url: string, init: RawRequest = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const outgoing = httpRequest(
      url,
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: {
          ...init.headers,
          ...(body === undefined ? {} : { 'Content-Length': String(body.length) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('end', () => {
          resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) });
        });
        res.once('error', reject);
        res.once('aborted', () => {
          reject(new Error('the answer was cut short'));
        });
      },
    );
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

/** Headers as `name: value` lines in order, without those that belong to a connection or a moment. */
export function comparableHeaders(answer: RawAnswer): string[] {
  const skip = new Set(['date', 'connection', 'keep-alive']);
  const lines: string[] = [];
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
    const name = answer.rawHeaders[i] ?? '';
    if (!skip.has(name.toLowerCase())) lines.push(`${name}: ${answer.rawHeaders[i + 1] ?? ''}`);
  }
  return lines;
}
