/**
 * The request context: what a handler of an operation is given (docs/responses.md), and the services of one mock
 * that every request shares. A handler is a plain function of its context that returns an answer; it reads its
 * session's state and control plane from `session`, everything mock-wide from `services`, and the time from `now()`.
 */
import type { Principal } from './access/principal.ts';
import type { Answer } from './answer.ts';
import type { JournalStreams } from './control/journal-streams.ts';
import type { Dataset } from './data/dataset.ts';
import type { TokenService } from './oauth/tokens.ts';
import type { Query, RequestUrl } from './protocol/request.ts';
import type { Platform, StaticFiles } from './platform/platform.ts';
import type { SessionRegistry } from './sessions/registry.ts';
import type { Session } from './sessions/session.ts';
import type { StateMemory } from './sessions/state-memory.ts';
import type { ApiModel, OperationSpec } from './spec/model.ts';
import type { User } from './spec/types.ts';
import type { ListUsersSpec } from './users/query.ts';

import type { OAuthErrorStatuses } from './oauth/error-statuses.ts';
import type { ResourceServices } from './resources/served.ts';
import type { ReloadStatus } from './resources/reload-status.ts';

export type { ResourceServices } from './resources/served.ts';

/** Mock-wide settings the handlers read (a subset of the options, resolved). */
export interface MockSettings {
  /** Default audience of tokens. */
  readonly audience: string;
  /** Client id named in `azp` of app tokens. */
  readonly appTokenClientId: string;
  /** Seed and size of the start: the defaults of `POST /__admin/seed`. */
  readonly start: { readonly seed: number; readonly users: number };
  /** Whether the control plane (and its console) is served. */
  readonly admin: boolean;
  /** The authorization server has a listener of its own (`--auth-port`). */
  readonly separateAuthServer: boolean;
  /** Statuses of the token endpoint's errors (`--oauth-errors`); Auth0's when absent. */
  readonly oauthErrors?: OAuthErrorStatuses;
}

/** Where new datasets come from: seeded by faker, or read from records (fixtures). */
export interface DatasetSource {
  /** Seeds `users` users with `seed`, in slices that leave the event loop free. */
  seed(seed: number, users: number): Promise<Dataset>;
  /** A dataset from fixture records (`PUT /__admin/fixtures`); throws `FixtureError` naming each problem. */
  fromRecords(records: unknown, source: string): Dataset;
}

export type { StaticFile, StaticFiles } from './platform/platform.ts';

/** A pact file of `contracts/`, as `GET /__admin/contracts` lists it. */
export interface ContractFile {
  readonly file: string;
  readonly consumer: string;
  readonly provider: string;
  readonly interactions: number;
}

/** The contracts identity-mock is verified against (`contracts/`). */
export interface ContractSource {
  list(): readonly ContractFile[];
  /** The pact file `file` as JSON, or undefined when there is none by that name. */
  read(file: string): unknown;
}

/** A document as the server serves it: `servers` set to the URL the request reached. */
export interface ServedDocument {
  document(base: string): Readonly<Record<string, unknown>>;
  yaml(base: string): string;
  json(base: string): string;
}

/** An MCP request as the control plane hands it on (`POST /__admin/mcp`, docs/agents.md). */
export interface McpHttpRequest {
  readonly method: string;
  /** `http://localhost:8080`: where the client reached the mock (the tools call it there, in-process). */
  readonly origin: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: unknown;
  /** The `X-Mock-Session` of the request (undefined: the default session). */
  readonly session: string | undefined;
}

/** The MCP server over streamable HTTP (`adapters/mcp/http-endpoint.ts`). */
export interface McpHost {
  handle(request: McpHttpRequest): Promise<Answer>;
}

export interface Services {
  readonly api: ApiModel;
  readonly admin: ApiModel;
  readonly listUsers: ListUsersSpec;
  /** The served document's collections and what serves each of its operations. */
  readonly resources: ResourceServices;
  readonly tokens: TokenService;
  readonly platform: Platform;
  readonly sessions: SessionRegistry;
  readonly settings: MockSettings;
  /** The known accounts of docs/tokens.md (the login page's buttons, the provider states, the pages' data). */
  readonly knownAccounts: readonly User[];
  readonly datasets: DatasetSource;
  readonly files: StaticFiles;
  readonly contracts: ContractSource;
  readonly streams: JournalStreams;
  /** The memory the sessions' own state holds, and its limit (`--max-state-memory`). */
  readonly memory: StateMemory;
  readonly documents: { readonly api: ServedDocument; readonly admin: ServedDocument };
  /** The mock's real clock, epoch milliseconds: what server-wide things are dated by (a session has its own). */
  readonly clock: () => number;
  /** The MCP endpoint (`POST /__admin/mcp`), where the host serves one. */
  readonly mcp?: McpHost | undefined;
  /** The last reload of the served document (docs/own-spec.md "Live reload"). */
  readonly reloads: ReloadStatus;
  /** Creates (or replaces) the named session `id`, over the start's data or over `dataset`. */
  newSession(id: string, dataset: Dataset | undefined): Promise<Session>;
}

export interface RequestContext<Body = unknown> {
  readonly operation: OperationSpec;
  /** Path, query, scheme and host as the client sent them; the client's address. */
  readonly url: RequestUrl;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Path parameters, decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters as sent (strings), before any validator coerced them. */
  readonly query: Query;
  /** The body as validated (the schema's defaults applied); undefined when the operation takes none. */
  readonly body: Body;
  /** The caller, for operations that need a token. */
  readonly principal: Principal | undefined;
  readonly session: Session;
  readonly services: Services;
  /** Now, epoch milliseconds, by the session's clock. */
  now(): number;
}

export type Handler<Body = unknown> = (context: RequestContext<Body>) => Answer | Promise<Answer>;

/** The caller of an operation that needs a token (the pipeline checked it before the handler ran). */
export function principalOf(context: RequestContext): Principal {
  if (context.principal === undefined) throw new Error(`${context.operation.id} ran without a principal`);
  return context.principal;
}
