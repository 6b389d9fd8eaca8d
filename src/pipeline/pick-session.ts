/**
 * The session step (docs/sessions.md): `X-Mock-Session` selects the session the request runs in (the default one
 * without it), created on first use; its answers echo the header and say when the session started. A new session
 * the server has no place for is a 503 (`too_many_sessions`).
 */
import type { SessionRegistry } from '../sessions/registry.ts';
import type { Exchange } from './exchange.ts';
import type { Step } from './step.ts';

/** The response header that says when a named session started (docs/sessions.md). */
export const SESSION_STARTED_HEADER = 'X-Mock-Session-Started';

export const sessionStep: Step = (x, s) => {
  const session = s.services.sessions.use(x.named);
  x.session = session;
  x.startedAt = session.now();
  if (x.named !== undefined) x.headers[SESSION_STARTED_HEADER] = new Date(session.created).toISOString();
  return undefined;
};

/**
 * The session a request that failed before its session step is recorded in (a malformed request line or Host):
 * the one it names, if that can be had; none when even that fails (the request is then not recorded).
 */
export function sessionAfterFailure(x: Exchange, sessions: SessionRegistry): void {
  try {
    const session = sessions.use(x.named);
    x.session = session;
    x.startedAt = session.now();
  } catch {
    // No session to record the request in.
  }
}
