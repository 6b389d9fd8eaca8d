/**
 * Claim rules (docs/tokens.md, "Steering the identity provider from a test"): claims set on or removed from the tokens
 * that the real grants issue in one session. A rule matches a grant by user, client, grant type and scope; the
 * matching rules apply in the order they were added, after the standard claims are built and before signing, to
 * the access token, the ID token, or both. Like `/__admin/tokens`, a rule may change any claim (`iss` and `aud`
 * included): god mode on purpose.
 */
import { invalidRequest, quote } from '../errors.ts';
import type { ErrorDetail } from '../spec/types.ts';

/** Rules a session keeps at most. */
export const MAX_CLAIM_RULES = 1_000;
/** Bytes of rules (as JSON) a session keeps at most. */
export const MAX_CLAIM_RULE_BYTES = 1024 * 1024;

/** Which tokens a rule shapes. */
export const CLAIM_RULE_TOKENS = ['access', 'id', 'both'] as const;
export type ClaimRuleToken = (typeof CLAIM_RULE_TOKENS)[number];

/** What a rule matches: every field given must hold. */
export interface ClaimMatch {
  /** Email, id or identifier of the grant's user (a grant without a user never matches). */
  readonly user?: string;
  readonly client_id?: string;
  /** `password`, `client_credentials`, `authorization_code` or `refresh_token`. */
  readonly grant_type?: string;
  /** Space-separated scope values that the grant's scope must all hold. */
  readonly scope?: string;
}

export interface ClaimRuleInput {
  readonly match?: ClaimMatch;
  readonly set?: Readonly<Record<string, unknown>>;
  readonly remove?: readonly string[];
  /** `access` by default. */
  readonly token?: ClaimRuleToken;
  /** How many grants the rule applies to (unlimited if absent). */
  readonly times?: number;
}

export interface ClaimRule extends ClaimRuleInput {
  readonly id: string;
  readonly token: ClaimRuleToken;
  /** How many grants the rule has applied to. */
  readonly applied: number;
}

/** What a grant is, for matching rules. */
export interface GrantFacts {
  readonly grantType: string;
  readonly clientId: string;
  /** Whether the grant's user is the one `reference` names (email, id or identifier); false without a user. */
  readonly isUser: (reference: string) => boolean;
  readonly scope: string | undefined;
}

interface LiveRule {
  readonly rule: Omit<ClaimRule, 'applied'>;
  readonly bytes: number;
  applied: number;
}

/** The rules that matched one grant, in order: what `shape` applies to each of its tokens. */
export type MatchedRules = readonly Omit<ClaimRule, 'applied'>[];

const NONE: MatchedRules = Object.freeze([]);

export class ClaimRules {
  readonly #rules: LiveRule[] = [];
  #bytes = 0;
  #nextId = 1;

  get size(): number {
    return this.#rules.length;
  }

  /** Adds a rule; 400 naming the field when it is malformed, would do nothing, or is past the bounds. */
  add(input: ClaimRuleInput): ClaimRule {
    const rule = { id: `c${this.#nextId}`, ...checked(input) };
    const bytes = JSON.stringify(rule).length;
    if (this.#rules.length >= MAX_CLAIM_RULES) {
      throw invalidRequest(
        `at most ${MAX_CLAIM_RULES} claim rules are kept per session; remove some (DELETE /__admin/claims/{id} or DELETE /__admin/claims) first`,
      );
    }
    if (this.#bytes + bytes > MAX_CLAIM_RULE_BYTES) {
      throw invalidRequest(
        `claim rules hold at most ${MAX_CLAIM_RULE_BYTES} bytes of JSON per session (1 MiB); this one (${bytes} bytes) does not fit beside the others`,
      );
    }
    this.#nextId++;
    this.#bytes += bytes;
    this.#rules.push({ rule, bytes, applied: 0 });
    return { ...rule, applied: 0 };
  }

  /** Bytes the rules hold, as JSON (what the server's state-memory bound counts). */
  get bytes(): number {
    return this.#bytes;
  }

  list(): ClaimRule[] {
    return this.#rules.map(({ rule, applied }) => ({ ...rule, applied }));
  }

  remove(id: string): boolean {
    const at = this.#rules.findIndex((r) => r.rule.id === id);
    if (at < 0) return false;
    this.#bytes -= this.#rules[at]?.bytes ?? 0;
    this.#rules.splice(at, 1);
    return true;
  }

  clear(): void {
    this.#rules.length = 0;
    this.#bytes = 0;
    this.#nextId = 1;
  }

  /** The rules matching a grant, each counted as applied once (whatever tokens it then shapes). */
  match(facts: GrantFacts): MatchedRules {
    if (this.#rules.length === 0) return NONE;
    const matched: Omit<ClaimRule, 'applied'>[] = [];
    for (const live of this.#rules) {
      const { rule } = live;
      if (rule.times !== undefined && live.applied >= rule.times) continue;
      if (!matches(rule.match, facts)) continue;
      live.applied++;
      matched.push(rule);
    }
    return matched;
  }

  /** The rules matching a grant as `match` finds them, without counting them (what `/userinfo` reflects). */
  peek(facts: GrantFacts): MatchedRules {
    if (this.#rules.length === 0) return NONE;
    return this.#rules
      .filter(
        (live) =>
          (live.rule.times === undefined || live.applied < live.rule.times) &&
          matches(live.rule.match, facts),
      )
      .map((live) => live.rule);
  }
}

/** `claims` with the `matched` rules for `kind` tokens applied in order: `set` then `remove`, rule by rule. */
export function shapeClaims(
  claims: Readonly<Record<string, unknown>>,
  matched: MatchedRules,
  kind: 'access' | 'id',
): Readonly<Record<string, unknown>> {
  if (matched.length === 0) return claims;
  // A Map, then one object: setting many new names on an object one by one costs a shape change each (twenty times
  // slower at 100 rules), and `Object.fromEntries` defines a claim named `__proto__` like any other.
  const out = new Map<string, unknown>(Object.entries(claims));
  for (const rule of matched) {
    if (rule.token !== 'both' && rule.token !== kind) continue;
    if (rule.set !== undefined) for (const [name, value] of Object.entries(rule.set)) out.set(name, value);
    for (const name of rule.remove ?? []) out.delete(name);
  }
  return Object.freeze(Object.fromEntries(out));
}

/** The `set` claims of the `matched` rules that shape ID tokens, merged in order (what `/userinfo` adds). */
export function idTokenSets(matched: MatchedRules): Readonly<Record<string, unknown>> | undefined {
  const sets = matched.filter((rule) => rule.token !== 'access' && rule.set !== undefined);
  if (sets.length === 0) return undefined;
  return shapeClaims({}, sets, 'id');
}

function matches(match: ClaimMatch | undefined, facts: GrantFacts): boolean {
  if (match === undefined) return true;
  if (match.grant_type !== undefined && match.grant_type !== facts.grantType) return false;
  if (match.client_id !== undefined && match.client_id !== facts.clientId) return false;
  if (match.user !== undefined && !facts.isUser(match.user)) return false;
  if (match.scope !== undefined) {
    const granted = new Set((facts.scope ?? '').split(' '));
    if (!match.scope.split(' ').every((value) => value === '' || granted.has(value))) return false;
  }
  return true;
}

const MATCH_FIELDS = ['user', 'client_id', 'grant_type', 'scope'] as const;
const RULE_FIELDS = ['match', 'set', 'remove', 'token', 'times'];

/**
 * The rule as kept: its fields checked (spec/admin.yaml checks them first over HTTP; `mock.session(id).claims()` has
 * only this), `token` defaulted.
 */
function checked(input: unknown): Omit<ClaimRule, 'id' | 'applied'> {
  const bad = (name: string, message: string): never => {
    const detail: ErrorDetail = { location: 'body', name, message };
    throw invalidRequest(`${name} ${message}`, [detail]);
  };
  if (!isObject(input)) {
    throw invalidRequest(
      'a claim rule must be a JSON object such as {"match": {"user": "user@example.com"}, "set": {"tenant": "t1"}}',
    );
  }
  const unknown = Object.keys(input).find((name) => !RULE_FIELDS.includes(name));
  if (unknown !== undefined)
    bad(unknown, `is not a field of a claim rule (fields: ${RULE_FIELDS.join(', ')})`);
  const { match, set, remove, token = 'access', times } = input;
  const matchFields: Record<string, string> = {};
  if (match !== undefined) {
    if (!isObject(match)) return bad('match', 'must be an object');
    for (const [name, value] of Object.entries(match)) {
      if (!(MATCH_FIELDS as readonly string[]).includes(name)) {
        bad(`match.${name}`, `is not a match field (fields: ${MATCH_FIELDS.join(', ')})`);
      }
      if (typeof value !== 'string') return bad(`match.${name}`, `must be a string (got ${quote(value)})`);
      matchFields[name] = value;
    }
  }
  if (set !== undefined && !isObject(set)) return bad('set', 'must be an object of claim names to values');
  if (remove !== undefined && !isStringArray(remove)) return bad('remove', 'must be an array of claim names');
  if (set === undefined && remove === undefined) {
    bad('set', 'or remove is needed: a claim rule without them does nothing');
  }
  if (!isRuleToken(token)) {
    return bad('token', `must be one of ${CLAIM_RULE_TOKENS.join(', ')} (got ${quote(token)})`);
  }
  if (times !== undefined && (typeof times !== 'number' || !Number.isSafeInteger(times) || times < 1)) {
    return bad('times', `must be a whole number ≥ 1 (got ${quote(times)})`);
  }
  return {
    ...(match === undefined ? {} : { match: matchFields }),
    ...(set === undefined ? {} : { set: { ...set } }),
    ...(remove === undefined ? {} : { remove: [...remove] }),
    token,
    ...(times === undefined ? {} : { times }),
  };
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isRuleToken(value: unknown): value is ClaimRuleToken {
  return CLAIM_RULE_TOKENS.some((token) => token === value);
}
