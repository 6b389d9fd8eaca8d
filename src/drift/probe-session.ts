/**
 * One run of the drift probe (docs/drift.md): sends each request through `send`, puts each answer through the
 * guard's checks and the answer the probe expects of it, and keeps the findings, the users seen (for filters on
 * real values) and what could not be covered. The steps of `probe-steps.ts` drive it.
 */
import { isSecretField } from '../control/redaction.ts';
import type { Exchange } from './exchange.ts';
import { FindingStore, type FindingInput } from './finding.ts';
import type { DriftGuard, Inspection } from './guard.ts';
import { parseLinkHeader } from './link-header.ts';
import { UpstreamFailure } from './upstream-failure.ts';

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

/** The answer a probe case must get; `when` names the case in the finding's place (`status when …`). */
export interface Expectation {
  readonly when: string;
  readonly status: number;
  readonly code?: string;
}

type Page = Readonly<Record<string, unknown>>;

/** Users kept for the filters on real values. */
const SEEN_LIMIT = 500;

export class ProbeSession {
  readonly store = new FindingStore();
  readonly notes: string[] = [];
  /** Users seen so far. */
  readonly seen: Page[] = [];
  requests = 0;
  readonly guard: DriftGuard;
  readonly options: ProbeOptions;
  readonly #send: Send;

  constructor(guard: DriftGuard, send: Send, options: ProbeOptions) {
    this.guard = guard;
    this.#send = send;
    this.options = options;
  }

  /** The probe's token as a header. */
  get bearer(): Record<string, string> {
    return { Authorization: `Bearer ${this.options.token}` };
  }

  /** `GET /users?query` with the probe's token; the users it shows are noted. */
  async list(query: string, expect?: Expectation): Promise<Inspection | undefined> {
    const inspection = await this.call(
      { method: 'GET', target: `/users${query === '' ? '' : `?${query}`}`, headers: this.bearer },
      expect,
    );
    if (inspection !== undefined) this.note(inspection);
    return inspection;
  }

  /** Keeps (a bounded number of) the users a page showed, for the filters on real values. */
  note(inspection: Inspection): void {
    for (const item of inspection.page?.items ?? []) {
      if (this.seen.length >= SEEN_LIMIT) return;
      if (typeof item === 'object' && item !== null) this.seen.push(item as Page);
    }
  }

  /** The values of an enum query parameter of GET /users, from the spec. */
  enumOf(param: string): string[] {
    const { model } = this.guard;
    const schema = model.operation('listUsers').parameters.find((p) => p.name === param)?.schema;
    const values = schema === undefined ? undefined : model.deref(schema).enum;
    return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
  }

  /** The path and query of a page's `Link` relation, below the service's path prefix; undefined when absent. */
  linkTarget(inspection: Inspection | undefined, rel: string): string | undefined {
    const header = inspection?.observed?.exchange.responseHeaders.link;
    if (header === undefined) return undefined;
    const parsed = parseLinkHeader(header);
    const entry = 'entries' in parsed ? parsed.entries.find((e) => e.rel === rel) : undefined;
    if (entry === undefined) return undefined;
    try {
      const url = new URL(entry.url);
      // Secrets never travel in a followed link's query: the probe sends its token in a header only.
      if ([...url.searchParams.keys()].some(isSecretField)) return undefined;
      const base = this.options.basePath ?? '';
      const path = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : url.pathname;
      return `${path}${url.search}`;
    } catch {
      return undefined;
    }
  }

  /** Sends `request`, checks its answer (and `expect`); undefined when it timed out; rethrows other failures. */
  async call(request: ProbeRequest, expect?: Expectation): Promise<Inspection | undefined> {
    this.requests++;
    const id = `${this.requests} ${request.method} ${request.target}`;
    let exchange: Exchange;
    try {
      exchange = await this.#send(request);
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      this.add(
        {
          operation: this.guard.operationName(request.method, request.target),
          kind: error.kind,
          where: 'connection',
          expected: 'an answer',
          actual: error.message,
        },
        id,
      );
      if (error.kind !== 'upstream_timeout' && error.kind !== 'answer_too_large') throw error;
      return undefined;
    }
    const inspection = this.guard.inspect(exchange);
    for (const finding of inspection.findings) this.add(finding, id);
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
      this.add(
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
      this.add(
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

  add(finding: FindingInput, id: string): void {
    if (this.store.add(finding, id)) this.options.onFinding?.(finding, id);
  }
}
