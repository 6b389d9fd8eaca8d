/**
 * Fault rules (docs/control-plane.md): requests matching a method, a path pattern and optionally a header, a grant
 * type, a client and a user get a status and/or a delay, or the route's own answer for an OAuth error
 * (`oauth_error`, docs/tokens.md), with a probability drawn from a seeded generator (runs repeat) at most `times`
 * times. `status: 0` means: drop the connection.
 */
import { invalidRequest } from '../errors.ts';
import { compileGlob, type PathGlob } from './path-glob.ts';

/** Rules kept at most (each request is checked against every rule): one more is refused with a 400. */
export const MAX_FAULT_RULES = 1_000;

export interface FaultInput {
  readonly method?: string;
  /** Exact path, or with `*` wildcards (`/users*`), matched in linear time (`path-glob.ts`). */
  readonly path: string;
  readonly header?: { readonly name: string; readonly value: string };
  /** 100–599, or 0 to drop the connection. */
  readonly status?: number;
  readonly delay_ms?: number;
  readonly probability?: number;
  readonly times?: number;
  /** An OAuth error code the route answers as it would answer that error (docs/tokens.md). */
  readonly oauth_error?: string;
  /** The `error_description` of that answer. */
  readonly error_description?: string;
  /** Only requests of this grant type (the token endpoint's `grant_type`). */
  readonly grant_type?: string;
  /** Only requests of this client. */
  readonly client_id?: string;
  /** Only requests for this user: email, id or identifier. */
  readonly user?: string;
}

/** What a request says about its grant, client and user, for rules that match on them. */
export interface FaultFacts {
  readonly grantType: string | undefined;
  readonly clientId: string | undefined;
  /** Whether the request's user is the one `reference` names (email, id or identifier). */
  isUser(reference: string): boolean;
}

/** Snake-case codes as RFC 6749 writes them (`invalid_grant`, `temporarily_unavailable`, `mfa_required`). */
const OAUTH_ERROR_CODE = /^[a-z][a-z0-9_]{0,63}$/;

export interface FaultRule extends FaultInput {
  readonly id: string;
  /** How many times the rule has fired. */
  readonly fired: number;
}

interface LiveRule {
  readonly rule: Omit<FaultRule, 'fired'>;
  readonly pattern: PathGlob;
  fired: number;
  /** What the rule holds, estimated (its strings, twice: as given and compiled, and the objects around them). */
  readonly bytes: number;
}

export class FaultRules {
  readonly #rules: LiveRule[] = [];
  #nextId = 1;
  #random: () => number;
  readonly #seed: number;

  constructor(seed: number) {
    this.#seed = seed;
    this.#random = mulberry32(seed);
  }

  get size(): number {
    return this.#rules.length;
  }

  /** Bytes the rules hold, estimated (docs/sessions.md "Memory"). */
  get bytes(): number {
    let total = 0;
    for (const live of this.#rules) total += live.bytes;
    return total;
  }

  /**
   * Adds a rule; throws 400 when it would do nothing, its status is not an HTTP status, or MAX_FAULT_RULES are
   * already kept (spec/admin.yaml says the first two in its schema, so the validator refuses them first).
   */
  add(input: FaultInput): FaultRule {
    if (input.status === undefined && input.delay_ms === undefined && input.oauth_error === undefined) {
      throw invalidRequest('a fault rule needs a status, a delay_ms or an oauth_error');
    }
    if (input.oauth_error !== undefined && !OAUTH_ERROR_CODE.test(input.oauth_error)) {
      throw invalidRequest(
        `oauth_error must be an error code in snake case such as invalid_grant or temporarily_unavailable (got ${JSON.stringify(input.oauth_error).slice(0, 80)})`,
      );
    }
    if (input.status !== undefined && input.status !== 0 && (input.status < 100 || input.status > 599)) {
      throw invalidRequest(`status must be 0 (drop the connection) or 100–599 (got ${input.status})`);
    }
    if (this.#rules.length >= MAX_FAULT_RULES) {
      throw invalidRequest(
        `at most ${MAX_FAULT_RULES} fault rules are kept; remove some (DELETE /__admin/faults/{id} or DELETE /__admin/faults) first`,
      );
    }
    const rule = {
      id: `f${this.#nextId++}`,
      ...input,
      ...(input.method === undefined ? {} : { method: input.method.toUpperCase() }),
    };
    const text = input.path.length + (input.header?.name.length ?? 0) + (input.header?.value.length ?? 0);
    this.#rules.push({ rule, pattern: compileGlob(input.path), fired: 0, bytes: 1024 + 4 * text });
    return { ...rule, fired: 0 };
  }

  list(): FaultRule[] {
    return this.#rules.map(({ rule, fired }) => ({ ...rule, fired }));
  }

  remove(id: string): boolean {
    const at = this.#rules.findIndex((r) => r.rule.id === id);
    if (at < 0) return false;
    this.#rules.splice(at, 1);
    return true;
  }

  /** Removes every rule and restarts the seeded draws, so a reset run repeats the same outcomes. */
  clear(): void {
    this.#rules.length = 0;
    this.#nextId = 1;
    this.#random = mulberry32(this.#seed);
  }

  /**
   * The first rule that matches and fires for this request, counting it as fired; a rule whose probability draw
   * fails lets the next rules be tried. `facts` is read only for rules that match on a grant, client or user.
   */
  match(
    method: string,
    path: string,
    header: (name: string) => string | undefined,
    facts: () => FaultFacts = () => NO_FACTS,
  ): FaultRule | undefined {
    let known: FaultFacts | undefined;
    const request = (): FaultFacts => (known ??= facts());
    for (const live of this.#rules) {
      const { rule } = live;
      if (rule.times !== undefined && live.fired >= rule.times) continue;
      if (rule.method !== undefined && rule.method !== method) continue;
      if (!live.pattern.test(path)) continue;
      if (rule.header !== undefined && header(rule.header.name) !== rule.header.value) continue;
      if (rule.grant_type !== undefined && request().grantType !== rule.grant_type) continue;
      if (rule.client_id !== undefined && request().clientId !== rule.client_id) continue;
      if (rule.user !== undefined && !request().isUser(rule.user)) continue;
      if (rule.probability !== undefined && rule.probability < 1 && this.#random() >= rule.probability)
        continue;
      live.fired++;
      return { ...rule, fired: live.fired };
    }
    return undefined;
  }
}

const NO_FACTS: FaultFacts = { grantType: undefined, clientId: undefined, isUser: () => false };

/** A small, fast, seedable generator (mulberry32): the same seed gives the same draws on any machine. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
