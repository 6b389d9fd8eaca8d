/**
 * How `identity-mock drift` sends its requests (src/drift/probe.ts) over Node: one at a time to the service (or
 * its authorization server), the answer read whole up to the check limit, decoded, and handed over as an
 * Exchange. An answer is read for at most ANSWER_LIMIT bytes and `--upstream-timeout` in all (head and body): past
 * either the probe stops reading it, with a finding (`answer_too_large`, `upstream_timeout`), so an endless answer
 * cannot keep the probe running.
 */
import type { Exchange } from '../../drift/exchange.ts';
import { UpstreamFailure, type Send } from '../../drift/probe.ts';
import { BodySample, bodyText, CHECK_LIMIT, failureOf, headerRecord, type Upstream } from './upstream.ts';

/** Bytes of one answer the probe reads at most. */
export const ANSWER_LIMIT = 16 * 1024 * 1024;

export function probeSender(service: Upstream, authServer: Upstream | undefined): Send {
  return async (request) => {
    const upstream = request.auth === true && authServer !== undefined ? authServer : service;
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers = Object.entries(request.headers ?? {}).flat();
    if (body !== undefined) headers.push('Content-Length', String(body.length));
    const started = performance.now();
    const response = await upstream.send({ method: request.method, target: request.target, headers, body });
    const sample = new BodySample();
    await new Promise<void>((resolve, reject) => {
      let read = 0;
      const stop = (failure: UpstreamFailure): void => {
        clearTimeout(deadline);
        response.destroy();
        reject(failure);
      };
      const deadline = setTimeout(
        () => {
          stop(
            new UpstreamFailure(
              'upstream_timeout',
              `${upstream.url} did not finish its answer within ${upstream.timeoutMs / 1000} s (--upstream-timeout); the probe stopped reading it`,
            ),
          );
        },
        Math.max(0, upstream.timeoutMs - (performance.now() - started)),
      );
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > ANSWER_LIMIT) {
          stop(
            new UpstreamFailure(
              'answer_too_large',
              `the answer was longer than ${ANSWER_LIMIT / 1024 / 1024} MiB; the probe stopped reading it`,
            ),
          );
          return;
        }
        sample.push(chunk);
      });
      response.once('end', () => {
        clearTimeout(deadline);
        resolve();
      });
      response.once('error', (error) => {
        clearTimeout(deadline);
        reject(error instanceof UpstreamFailure ? error : failureOf(error, upstream.url));
      });
    });
    const responseHeaders = headerRecord(response.rawHeaders);
    const text = sample.cut
      ? undefined
      : bodyText(sample.bytes, responseHeaders['content-encoding'], CHECK_LIMIT);
    const exchange: Exchange = {
      method: request.method,
      target: request.target,
      requestHeaders: Object.fromEntries(
        Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
      ),
      requestBody: request.body,
      status: response.statusCode ?? 0,
      responseHeaders,
      responseBody: text,
      responseBodyCut: sample.cut || (text === undefined && sample.bytes.length > 0),
    };
    return exchange;
  };
}
