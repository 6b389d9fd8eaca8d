/**
 * How `identity-mock drift` sends its requests (src/drift/probe.ts) over Node: one at a time to the service (or
 * its authorization server), the answer read whole up to the check limit, decoded, and handed over as an
 * Exchange.
 */
import type { Exchange } from '../../drift/exchange.ts';
import { UpstreamFailure, type Send } from '../../drift/probe.ts';
import { BodySample, bodyText, CHECK_LIMIT, failureOf, headerRecord, type Upstream } from './upstream.ts';

export function probeSender(service: Upstream, authServer: Upstream | undefined): Send {
  return async (request) => {
    const upstream = request.auth === true && authServer !== undefined ? authServer : service;
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers = Object.entries(request.headers ?? {}).flat();
    if (body !== undefined) headers.push('Content-Length', String(body.length));
    const response = await upstream.send({ method: request.method, target: request.target, headers, body });
    const sample = new BodySample();
    await new Promise<void>((resolve, reject) => {
      response.on('data', (chunk: Buffer) => {
        sample.push(chunk);
      });
      response.once('end', resolve);
      response.once('error', (error) => {
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
