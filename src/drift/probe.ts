/**
 * `identity-mock drift`: a read-only probe of the real service through the guard's checks (docs/drift.md). It
 * sends the documented list queries (defaults, page sizes, every sort, every filter, a walk along `Link`, past the
 * last page), the documented 400, 401 and 403 cases, and, only when writes are allowed, a deletion of the user
 * it is given. Requests go out one at a time through `send`, which the caller provides (the Node adapter); the
 * probe itself does no I/O.
 */
import { isSecretField } from '../redaction.ts';
import { tokenPermissions } from './token-permissions.ts';
import type { Exchange } from './exchange.ts';
import { FindingStore, type FindingInput, type FindingKind } from './finding.ts';
import type { DriftGuard, Inspection } from './guard.ts';

/** Pages a walk along `Link` `next` follows at most. */
export const PROBE_WALK_PAGES = 10;

export interface ProbeRequest {
  readonly method: string;
  /** Path and query, relative to the service (or to the authorization server when `auth`). */
  readonly target: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Send to the authorization server instead of the service. */
  readonly auth?: boolean;
}

/** Sends one request and resolves with the exchange; rejects with an UpstreamFailure when no answer came. */
export type Send = (request: ProbeRequest) => Promise<Exchange>;

/** No answer: the service could not be reached, took too long, or its TLS certificate was refused. */
export class UpstreamFailure extends Error {
  override readonly name = 'UpstreamFailure';

  constructor(
    readonly kind: Extract<FindingKind, 'upstream_unreachable' | 'upstream_timeout' | 'upstream_tls'>,
    message: string,
  ) {
    super(message);
  }
}

export interface ProbeOptions {
  /** An access token for the service, with `read:users` (the more permissions, the more the probe covers). */
  readonly token: string;
  /** A second token with fewer permissions, for the 403 cases. */
  readonly limitedToken?: string | undefined;
  /** Probe the token endpoint's errors there (`/oauth/token`, read-only: no valid grant is sent). */
  readonly authServer?: boolean;
  /** Delete `identifier` (and check what follows); nothing else is ever written. */
  readonly allowWrites?: boolean;
  readonly identifier?: string | undefined;
  /** The service's path prefix (`/api` for `https://host/api`): links name it, requests do not. */
  readonly basePath?: string;
  /** Called with each finding the first time it is seen. */
  readonly onFinding?: (finding: FindingInput, requestId: string) => void;
}

export interface ProbeResult {
  readonly store: FindingStore;
  readonly requests: number;
  /** What the probe could not cover, and why. */
  readonly notes: readonly string[];
  /** Set when the probe stopped early because the service gave no answer. */
  readonly aborted?: string;
}

/** The answer a probe case must get; `when` names the case in the finding's place (`status when …`). */
interface Expectation {
  readonly when: string;
  readonly status: number;
  readonly code?: string;
}

type Page = Readonly<Record<string, unknown>>;

/** Runs the probe; resolves when done (findings in `store`), never rejects for what the service answers. */
export async function runProbe(guard: DriftGuard, send: Send, options: ProbeOptions): Promise<ProbeResult> {
  const run = new ProbeRun(guard, send, options);
  try {
    await run.all();
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return { store: run.store, requests: run.requests, notes: run.notes, aborted: error.message };
  }
  return { store: run.store, requests: run.requests, notes: run.notes };
}

class ProbeRun {
  readonly store = new FindingStore();
  readonly notes: string[] = [];
  requests = 0;
  readonly #guard: DriftGuard;
  readonly #send: Send;
  readonly #options: ProbeOptions;
  /** Users seen so far, for filters that need real values. */
  readonly #seen: Page[] = [];

  constructor(guard: DriftGuard, send: Send, options: ProbeOptions) {
    this.#guard = guard;
    this.#send = send;
    this.#options = options;
  }

  async all(): Promise<void> {
    await this.#call({ method: 'GET', target: '/health' });
    await this.#walk();
    await this.#lists();
    await this.#filters();
    await this.#refusals();
    await this.#tokens();
    await this.#authServer();
    await this.#writes();
  }

  get #bearer(): Record<string, string> {
    return { Authorization: `Bearer ${this.#options.token}` };
  }

  /** The default list, then along `next` (at most PROBE_WALK_PAGES pages), the last page and past it. */
  async #walk(): Promise<void> {
    for (const query of ['', 'page_size=7&sort_by=name']) {
      let current = await this.#list(query);
      for (let n = 1; n < PROBE_WALK_PAGES; n++) {
        const next = this.#linkTarget(current, 'next');
        if (current === undefined || next === undefined) break;
        const following = await this.#call({ method: 'GET', target: next, headers: this.#bearer });
        if (following === undefined) break;
        this.#note(following);
        for (const finding of this.#guard.continuity(current, following)) {
          this.#add(finding, `walk of /users${query === '' ? '' : `?${query}`}`);
        }
        current = following;
      }
      const last = this.#linkTarget(current, 'last');
      if (last !== undefined) await this.#call({ method: 'GET', target: last, headers: this.#bearer });
      const page = current?.page;
      if (page?.total !== undefined) {
        const past = Math.max(1, Math.ceil(page.total / page.pageSize)) + 1;
        await this.#list(`${query === '' ? '' : `${query}&`}page=${past}`);
      }
    }
  }

  /** Page sizes, every sort in both directions, a combined query whose links must keep it. */
  async #lists(): Promise<void> {
    await this.#list('page_size=1');
    await this.#list('page_size=100');
    for (const field of this.#enum('sort_by')) {
      for (const order of this.#enum('sort_order'))
        await this.#list(`sort_by=${field}&sort_order=${order}&page_size=100`);
    }
    await this.#list('status=active&sort_by=email&sort_order=desc&page_size=3&page=2');
  }

  /** Every value of the enum filters, date ranges and the metadata filters on values the service returned. */
  async #filters(): Promise<void> {
    for (const field of ['status', 'user_type']) {
      for (const value of this.#enum(field)) await this.#list(`${field}=${value}&page_size=100`);
    }
    const user = this.#seen.find((u) => typeof u.created_at === 'string' && typeof u.updated_at === 'string');
    if (user === undefined) {
      this.notes.push('no user was listed: the filters on real values were not probed');
      return;
    }
    for (const field of ['created_at', 'updated_at']) {
      const at = String(user[field]);
      const enc = encodeURIComponent(at);
      await this.#list(`${field}_from=${enc}&page_size=100`);
      await this.#list(`${field}_to=${enc}&page_size=100`);
      await this.#list(`${field}_from=${enc}&${field}_to=${enc}`); // an empty range
    }
    const metadata = tokenPermissions(`Bearer ${this.#options.token}`)?.includes('read:user_metadata');
    const expect = (param: string): Expectation | undefined =>
      metadata === false
        ? { when: `${param} without read:user_metadata`, status: 403, code: 'metadata_permission_required' }
        : undefined;
    await this.#list(`id=${encodeURIComponent(String(user.id))}`, expect('id'));
    const creator = this.#seen.find((u) => typeof u.created_by === 'string');
    if (creator !== undefined)
      await this.#list(`created_by=${encodeURIComponent(String(creator.created_by))}`, expect('created_by'));
    const updater = this.#seen.find((u) => typeof u.updated_by === 'string');
    if (updater !== undefined)
      await this.#list(`updated_by=${encodeURIComponent(String(updater.updated_by))}`, expect('updated_by'));
    if (typeof user.identifier === 'string')
      await this.#list(`search=${encodeURIComponent(user.identifier)}`);
  }

  /** Requests the spec refuses (each must get a 4xx), and the documented 400s it cannot express. */
  async #refusals(): Promise<void> {
    for (const query of [
      'page_size=101',
      'page_size=0',
      'page=0',
      'page=two',
      'sort_by=password',
      'sort_order=sideways',
      'status=deleted',
      'user_type=root',
      'id=not-a-uuid',
      'created_at_from=yesterday',
      'colour=red',
    ]) {
      await this.#list(query);
    }
    await this.#list('created_at_from=2025-01-01T00:00:00Z&created_at_to=2024-01-01T00:00:00Z', {
      when: 'created_at_from after created_at_to',
      status: 400,
      code: 'invalid_range',
    });
    await this.#call(
      { method: 'GET', target: '/users', headers: { ...this.#bearer, 'X-API-Version': 'v2' } },
      { when: 'X-API-Version v2', status: 400, code: 'unsupported_api_version' },
    );
  }

  /** 401 without a token, with another scheme, with a token that is not one; 403 with a lesser token. */
  async #tokens(): Promise<void> {
    await this.#call(
      { method: 'GET', target: '/users' },
      { when: 'no Authorization', status: 401, code: 'missing_token' },
    );
    await this.#call(
      { method: 'GET', target: '/users', headers: { Authorization: 'Basic dXNlcjpwYXNz' } },
      { when: 'another scheme (Basic)', status: 401, code: 'missing_token' },
    );
    await this.#call(
      { method: 'GET', target: '/users', headers: { Authorization: 'Bearer not-a-token' } },
      { when: 'a token that is not a JWT', status: 401, code: 'invalid_token' },
    );
    await this.#call(
      {
        method: 'GET',
        target: '/users',
        headers: { Authorization: `Bearer ${tampered(this.#options.token)}` },
      },
      { when: 'a token with a wrong signature', status: 401, code: 'invalid_token' },
    );
    const limited = this.#options.limitedToken;
    if (limited === undefined) {
      this.notes.push('403 cases not probed: give --limited-token T, a token without some permission');
      return;
    }
    const permissions = tokenPermissions(`Bearer ${limited}`) ?? [];
    const headers = { Authorization: `Bearer ${limited}` };
    if (!permissions.includes('read:users')) {
      await this.#call(
        { method: 'GET', target: '/users', headers },
        { when: 'a token without read:users', status: 403, code: 'insufficient_permissions' },
      );
    } else if (!permissions.includes('read:user_metadata')) {
      await this.#call(
        { method: 'GET', target: '/users?id=00000000-0000-4000-8000-000000000001', headers },
        { when: 'id without read:user_metadata', status: 403, code: 'metadata_permission_required' },
      );
    } else {
      this.notes.push('--limited-token has read:users and read:user_metadata: no 403 case to probe with it');
    }
  }

  /** The token endpoint's errors, in the RFC 6749 shape; no valid grant is ever sent. */
  async #authServer(): Promise<void> {
    if (this.#options.authServer !== true) return;
    const json = { 'Content-Type': 'application/json' };
    await this.#call(
      {
        method: 'POST',
        target: '/oauth/token',
        headers: json,
        body: '{"grant_type":"drift-probe"}',
        auth: true,
      },
      { when: 'an unknown grant_type', status: 400, code: 'unsupported_grant_type' },
    );
    await this.#call(
      { method: 'POST', target: '/oauth/token', headers: json, body: '{}', auth: true },
      { when: 'an empty token request', status: 400, code: 'invalid_request' },
    );
  }

  /** Deletion of the given user, only when writes are allowed: 204, then 404 for the same user. */
  async #writes(): Promise<void> {
    const { allowWrites, identifier } = this.#options;
    if (allowWrites !== true || identifier === undefined) {
      this.notes.push('DELETE not probed (read-only; --allow-writes --identifier X deletes user X)');
      return;
    }
    const target = `/users/${encodeURIComponent(identifier)}`;
    await this.#call(
      { method: 'DELETE', target, headers: this.#bearer },
      { when: 'the deletion of the given user', status: 204 },
    );
    await this.#call(
      { method: 'DELETE', target, headers: this.#bearer },
      { when: 'a second deletion of the same user', status: 404, code: 'user_not_found' },
    );
    await this.#call({ method: 'DELETE', target: '/users/!!', headers: this.#bearer });
  }

  #linkTarget(inspection: Inspection | undefined, rel: string): string | undefined {
    return linkTarget(inspection, rel, this.#options.basePath ?? '');
  }

  async #list(query: string, expect?: Expectation): Promise<Inspection | undefined> {
    const inspection = await this.#call(
      { method: 'GET', target: `/users${query === '' ? '' : `?${query}`}`, headers: this.#bearer },
      expect,
    );
    if (inspection !== undefined) this.#note(inspection);
    return inspection;
  }

  /** Keeps (a bounded number of) the users a page showed, for the filters on real values. */
  #note(inspection: Inspection): void {
    if (this.#seen.length >= 500) return;
    for (const item of inspection.page?.items ?? []) {
      if (typeof item === 'object' && item !== null) this.#seen.push(item as Page);
    }
  }

  #enum(param: string): string[] {
    const operation = this.#guard.model.operation('listUsers');
    const schema = operation.parameters.find((p) => p.name === param)?.schema;
    const values = schema === undefined ? undefined : this.#guard.model.deref(schema).enum;
    return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
  }

  async #call(request: ProbeRequest, expect?: Expectation): Promise<Inspection | undefined> {
    this.requests++;
    const id = `${this.requests} ${request.method} ${request.target}`;
    let exchange: Exchange;
    try {
      exchange = await this.#send(request);
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      this.#add(
        {
          operation: this.#guard.operationName(request.method, request.target),
          kind: error.kind,
          where: 'connection',
          expected: 'an answer',
          actual: error.message,
        },
        id,
      );
      if (error.kind !== 'upstream_timeout') throw error;
      return undefined;
    }
    const inspection = this.#guard.inspect(exchange);
    for (const finding of inspection.findings) this.#add(finding, id);
    if (expect !== undefined) this.#expect(inspection, exchange, expect, id);
    return inspection;
  }

  /** The probe knows the answer some requests must get: the status and, for errors, the code. */
  #expect(inspection: Inspection, exchange: Exchange, expect: Expectation, id: string): void {
    const operation = inspection.observed?.operationName ?? exchange.method;
    const body = inspection.observed?.body;
    const record =
      typeof body === 'object' && body !== null ? (body as Readonly<Record<string, unknown>>) : {};
    const code = record.code ?? record.error;
    if (exchange.status !== expect.status) {
      this.#add(
        {
          operation,
          kind: 'status',
          where: `status when ${expect.when}`,
          expected: `${expect.status}${expect.code === undefined ? '' : ` ${expect.code}`}`,
          actual: `${exchange.status}${typeof code === 'string' ? ` ${code}` : ''}`,
        },
        id,
      );
    } else if (expect.code !== undefined && code !== expect.code) {
      this.#add(
        {
          operation,
          kind: 'status',
          where: `${record.code === undefined ? 'body.error' : 'body.code'} when ${expect.when}`,
          expected: expect.code,
          actual: typeof code === 'string' ? code : 'absent',
        },
        id,
      );
    }
  }

  #add(finding: FindingInput, id: string): void {
    if (this.store.add(finding, id)) this.#options.onFinding?.(finding, id);
  }
}

/** The path and query of a page's `Link` relation below `basePath`, when there is one. */
function linkTarget(inspection: Inspection | undefined, rel: string, basePath: string): string | undefined {
  const header = inspection?.observed?.exchange.responseHeaders.link;
  if (header === undefined) return undefined;
  for (const entry of header.split(/,\s*(?=<)/)) {
    const close = entry.indexOf('>');
    if (!entry.trimStart().startsWith('<') || close === -1 || !entry.slice(close).includes(`rel="${rel}"`))
      continue;
    try {
      const url = new URL(entry.slice(entry.indexOf('<') + 1, close));
      // Secrets never travel in a followed link's query: the probe sends its token in a header only.
      if ([...url.searchParams.keys()].some(isSecretField)) return undefined;
      const path = url.pathname.startsWith(`${basePath}/`)
        ? url.pathname.slice(basePath.length)
        : url.pathname;
      return `${path}${url.search}`;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The token with its signature changed: a token the service must refuse (401 `invalid_token`). */
function tampered(token: string): string {
  const parts = token.split('.');
  if (parts.length !== 3) return `${token}x`;
  const signature = parts[2] ?? '';
  const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  return `${parts[0] ?? ''}.${parts[1] ?? ''}.${flipped}`;
}
