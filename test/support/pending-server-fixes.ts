/**
 * Disagreements between the server and its documents whose fix belongs to the request pipeline (src/http,
 * src/app.ts, src/admin/guard.ts), which is being restructured. Each is asserted by
 * test/api/spec-agreement-pending.test.ts, and only there: test/api/spec-agreement.test.ts leaves the requests
 * an entry names to it. An entry is removed once the server does what the documents say.
 */
import { sessionIdProblem } from '../../src/sessions/session-id.ts';
import type { GeneratedRequest, SpecTarget } from './spec-requests.ts';

export interface PendingFix {
  readonly id: string;
  readonly summary: string;
  /** Whether a generated request of `target` meets this disagreement. */
  applies(target: SpecTarget, req: GeneratedRequest): boolean;
}

const sessionHeader = (req: GeneratedRequest): string | undefined => req.headers['X-Mock-Session'];

export const PENDING_FIXES: readonly PendingFix[] = [
  {
    id: 'session-header-outside-the-pipeline',
    summary:
      'A malformed X-Mock-Session is refused before routing: in the API error shape on the token endpoint ' +
      '(documented: RFC 6749 with Cache-Control/Pragma), and without the X-RateLimit-* headers.',
    applies: (target, req) => {
      const id = sessionHeader(req);
      return target.prefix === '' && id !== undefined && sessionIdProblem(id) !== undefined;
    },
  },
  {
    id: 'admin-media-type-guard',
    summary:
      'The control plane requires Content-Type: application/json on every state-changing request, bodiless or ' +
      'not, before routing: bodiless POST/DELETE answer 415, and undocumented methods 415 instead of 405.',
    // Where the body is required, its absence is refused either way (415 now, 400 then): no disagreement.
    applies: (target, req) =>
      target.prefix === '/__admin' &&
      !['GET', 'HEAD', 'OPTIONS'].includes(req.method) &&
      req.body?.mediaType === undefined &&
      // A method the path does not document, or an operation whose body is optional or absent.
      (req.method !== req.operation.method.toUpperCase() ||
        target.spec.model.deref(req.operation.raw.requestBody ?? {}).required !== true),
  },
  {
    id: 'token-rate-key-before-headers',
    summary:
      'On the token endpoint the rate-limit gate parses the body (to key by client_id) before it sets the ' +
      'X-RateLimit-* headers: a JSON body that is not an object or array (`0`, `"x"`) is answered 400 without them.',
    applies: (target, req) =>
      target.prefix === '' &&
      req.operation.raw['x-error-shape'] === 'oauth' &&
      req.body?.mediaType === 'application/json' &&
      !/^\s*[[{]/.test(req.body.text),
  },
];

/** The pending fix a request of `target` meets, if any. */
export function pendingFor(target: SpecTarget, req: GeneratedRequest): PendingFix | undefined {
  return PENDING_FIXES.find((fix) => fix.applies(target, req));
}
