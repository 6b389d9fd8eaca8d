/**
 * The last step: the request and its answer go into its session's journal (docs/control-plane.md), which redacts
 * secrets when an entry is read or streamed. A request to the control plane, or one no session could be had for,
 * is not recorded; a failure to record never fails the answer.
 */
import type { Exchange } from './exchange.ts';
import type { WireAnswer } from './wire.ts';

export function record(x: Exchange, wire: WireAnswer): void {
  const { session, request } = x;
  if (session === undefined || x.inAdmin) return;
  const body = x.validated ?? x.body;
  try {
    session.control.journal.record({
      startedAt: x.startedAt,
      method: request.method,
      url: request.target,
      status: wire.status,
      durationMs: performance.now() - x.arrived,
      requestHeaders: request.headers,
      ...(body === undefined ? {} : { requestBody: body }),
      ...(x.bodyOmitted === undefined ? {} : { bodyOmitted: x.bodyOmitted }),
      responseHeaders: wire.headers,
      responseBody:
        wire.body instanceof Uint8Array ? wire.body : wire.body === undefined ? undefined : 'stream',
      session: session.id,
    });
  } catch {
    // A body the journal cannot keep is left out of it; the answer stands.
  }
}
