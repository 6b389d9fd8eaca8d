/**
 * The rig of the spec–server agreement tests: one mock (small dataset, fixed clock, rate limiting on with a limit
 * no test reaches, room for every generated session) on a free port, both documents as targets, and `exchange`,
 * which sends a generated request and returns everything wrong with its answer by the documents.
 */
import { buildMock as createMock, type MockInternals as Mock } from '../../src/mock.ts';
import { sessionIdProblem } from '../../src/sessions/session-id.ts';
import { dataRefusal } from './data-refusals.ts';
import { ADMIN, NOW, SMALL_FIXTURES, SPECS } from './harness.ts';
import { serveRaw, type RawResponse, type RawServer } from './raw-http.ts';
import { answerProblems, verdictProblems } from './spec-answers.ts';
import { problemsOf, specTarget, targetOf, type GeneratedRequest, type SpecTarget } from './spec-requests.ts';

export interface AgreementRig {
  /** spec/openapi.yaml (paths at the root) and spec/admin.yaml (under `/__admin`). */
  readonly TARGETS: readonly [SpecTarget, SpecTarget];
  readonly mock: Mock;
  readonly server: RawServer;
  /** `Bearer <an access token of the admin account>`. */
  readonly bearer: string;
  readonly start: () => Promise<void>;
  readonly stop: () => Promise<void>;
  /** Back to the start between operations: data, rules, rate limit, and no named session. */
  readonly fresh: () => void;
  /** Sends `req` (with a token where its operation needs one) and returns what is wrong with the answer. */
  readonly exchange: (target: SpecTarget, req: GeneratedRequest) => Promise<string[]>;
  /** The headers `req` is sent with: its parameters, its body's type, and a token where needed. */
  readonly headersOf: (target: SpecTarget, req: GeneratedRequest) => Record<string, string>;
}

export function agreementRig(): AgreementRig {
  const TARGETS = [
    specTarget('spec/openapi.yaml', SPECS.api, ''),
    specTarget('spec/admin.yaml', SPECS.admin, '/__admin'),
  ] as const;
  let mock: Mock | undefined;
  let server: RawServer | undefined;
  let bearer = '';
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the agreement rig is not started (beforeAll(rig.start))');
    return value;
  };

  const headersOf = (target: SpecTarget, req: GeneratedRequest): Record<string, string> => {
    const headers: Record<string, string> = { ...req.headers };
    if (target.prefix === '' && req.operation.secured) headers.Authorization = bearer;
    if (req.body?.mediaType !== undefined) headers['Content-Type'] = req.body.mediaType;
    return headers;
  };

  /**
   * For the operations whose only refusals of an allowed request depend on the data (data-refusals.ts): refused
   * (400, or 404 for a file) exactly when one applies.
   */
  const dataProblems = async (
    req: GeneratedRequest,
    allowed: boolean,
    what: string,
    res: RawResponse,
  ): Promise<string[]> => {
    const refusal = await dataRefusal(started(mock), req);
    if (refusal === null || !allowed) return [];
    const refused = res.status === 400 || res.status === 404;
    if (refusal === undefined && refused) {
      const message = res.headers['x-message'] ?? '';
      return [`${what}: allowed, and no refusal of the data applies, answered ${res.status} (${message})`];
    }
    if (refusal !== undefined && !refused) return [`${what}: ${refusal}, answered ${res.status}`];
    return [];
  };

  return {
    TARGETS,
    get mock() {
      return started(mock);
    },
    get server() {
      return started(server);
    },
    get bearer() {
      return bearer;
    },
    start: async () => {
      mock = createMock({
        specs: SPECS,
        fixtures: SMALL_FIXTURES,
        now: () => NOW,
        rateLimit: '1000000/1h',
        maxSessions: 100_000,
      });
      server = await serveRaw(mock.app);
      bearer = `Bearer ${(await mock.session().token({ user: ADMIN })).accessToken}`;
    },
    stop: async () => {
      mock?.endStreams();
      await server?.close();
    },
    fresh: () => {
      const { sessions } = started(mock);
      sessions.default.reset();
      for (const session of sessions.list()) if (session.id !== undefined) sessions.drop(session.id);
    },
    headersOf,
    exchange: async (target, req) => {
      const headers = headersOf(target, req);
      const res = await started(server).send({
        method: req.method,
        path: targetOf(target, req),
        headers,
        ...(req.body === undefined ? {} : { body: req.body.text }),
      });
      const session = req.headers['X-Mock-Session'];
      const what = `${req.method} ${targetOf(target, req)} ${JSON.stringify(req.headers)} ${req.body?.text ?? ''}`;
      const auth = headers.Authorization === undefined ? {} : { authorization: headers.Authorization };
      const verdict = { problems: problemsOf(target, req, auth) };
      const allowed = verdict.problems.length === 0;
      return [
        ...answerProblems(
          target,
          {
            method: req.method,
            path: `${req.path}${req.query === '' ? '' : `?${req.query}`}`,
            session: session !== undefined && sessionIdProblem(session) === undefined ? session : undefined,
            rateLimited: target.prefix === '',
          },
          res,
        ),
        ...verdictProblems(target, req.operation, verdict, what, res),
        ...(await dataProblems(req, allowed, what, res)),
      ];
    },
  };
}
