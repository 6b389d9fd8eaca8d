/**
 * Turns a validator's issues (in express-openapi-validator's vocabulary: `{ path: '/query/page_size', errorCode:
 * 'maximum.openapi.validation' }`) into the 400 of docs/responses.md: one `details` entry per offending parameter, and
 * messages that say what was wrong, with the value, and what is accepted.
 */
import { invalidRequest, quote, type MockError } from '../errors.ts';
import type { OperationSpec, SchemaNode } from '../spec/model.ts';
import type { ErrorDetail, ErrorLocation } from '../spec/types.ts';
import { closestName, fieldWithMessage, schemaFields } from '../spec/closest-name.ts';

/** One problem, as express-openapi-validator names it: `path` `/query/page_size`, `errorCode` `maximum.openapi.validation`. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
  readonly errorCode?: string;
}

/** What the request carried, before the validator coerced anything. */
export interface RawRequestValues {
  readonly query: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, unknown>>;
  readonly params: Readonly<Record<string, unknown>>;
  readonly body: unknown;
}

const LOCATIONS: Readonly<Record<string, ErrorLocation>> = {
  query: 'query',
  headers: 'header',
  params: 'path',
  path: 'path',
  body: 'body',
};

const SPEC_LOCATION: Readonly<Record<ErrorLocation, string>> = {
  query: 'query',
  header: 'header',
  path: 'path',
  body: 'body',
};

const EXAMPLES: Readonly<Record<string, string>> = {
  'date-time': 'an RFC 3339 date-time such as 2024-01-31T00:00:00Z',
  uuid: 'a uuid such as 8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b',
  email: 'an email address',
};

/** How telling an issue is: a value's own problem first, then an unknown field, a missing one, a combinator. */
function rank(issue: ValidationIssue): number {
  const code = issue.errorCode ?? '';
  if (
    /^(oneOf|anyOf)\./.test(code) ||
    /must match (exactly one|a) schema in (oneOf|anyOf)/.test(issue.message)
  )
    return 4;
  if (code.startsWith('required.') || issue.message.includes('must have required property')) return 3;
  if (
    /additional|unevaluated/i.test(code) ||
    /additional properties|unevaluated properties/.test(issue.message)
  )
    return 2;
  // A discriminator (`grant_type` of another branch) or a `not`: what another branch wanted, not this one.
  if (/^(const|not)\./.test(code) || /equal to constant|must NOT be valid/.test(issue.message)) return 1.5;
  return 0;
}

interface Ranked {
  readonly detail: ErrorDetail;
  readonly rank: number;
}

/** The 400 for `issues` of a request to `operation`. */
export function validationError(
  issues: readonly ValidationIssue[],
  operation: OperationSpec,
  raw: RawRequestValues,
): MockError {
  const byKey = new Map<string, Ranked>();
  for (const issue of issues) {
    // An `if`/`then`/`else` failure repeats the failure of the branch, which has its own issue.
    if (issue.errorCode?.startsWith('if.') === true) continue;
    const detail = describe(issue, operation, raw);
    const key = `${detail.location}/${detail.name}`;
    const r = rank(issue);
    const kept = byKey.get(key);
    // One entry a field: its most telling issue.
    if (kept === undefined || r < kept.rank) byKey.set(key, { detail, rank: r });
  }
  const ranked = relevant([...byKey.values()], operation, raw);
  const details = ranked.map((r) => r.detail);
  let message = details.map((d) => (d.name === '' ? d.message : `${d.name} ${d.message}`)).join('; ');
  if (
    details.some(
      (d) =>
        d.location === 'query' && !operation.parameters.some((p) => p.in === 'query' && p.name === d.name),
    )
  ) {
    // The accepted list once, however many parameters were unknown.
    const accepted = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    message +=
      `; the query parameters of ${operation.method.toUpperCase()} ${operation.path} are ${accepted.join(', ') || 'none'}` +
      ' (start the server with --lenient-query to accept parameters the document does not declare)';
  }
  return invalidRequest(message, details);
}

/**
 * The details worth reading: with a `oneOf`/`anyOf` body, or a field the body does not have, the problems of the
 * fields the client sent (the branch it meant), not every branch's missing fields; an unknown field says which
 * field it probably meant. Only missing fields of a combinator: one line naming the alternatives.
 */
function relevant(ranked: readonly Ranked[], operation: OperationSpec, raw: RawRequestValues): Ranked[] {
  const present = isRecord(raw.body) ? new Set(Object.keys(raw.body)) : new Set<string>();
  const fields = schemaFields(bodySchema(operation), operation.deref);
  const out = ranked.map((r) => {
    const { detail } = r;
    if (r.rank !== 2 || detail.location !== 'body' || !present.has(detail.name) || fields.has(detail.name))
      return r;
    const guess = closestName(detail.name, [...fields]);
    const where = `${operation.method.toUpperCase()} ${operation.path}`;
    return {
      rank: 1,
      detail: {
        ...detail,
        message:
          guess === undefined
            ? `is not a field of the body of ${where}; its fields are ${[...fields].join(', ')}`
            : `is not a field of the body of ${where}; did you mean ${guess}?`,
      },
    };
  });
  const combinator = out.some((r) => r.rank === 4);
  const unknown = out.some((r) => r.rank === 1);
  if (!combinator && !unknown) return out;
  const sent = out.filter(
    (r) => (r.rank === 0 || r.rank === 1) && (r.detail.location !== 'body' || present.has(r.detail.name)),
  );
  if (sent.length > 0) return sent;
  const missing = out.filter((r) => r.rank === 3).map((r) => r.detail.name);
  if (!combinator || missing.length === 0) return out;
  return [
    {
      rank: 3,
      detail: { location: 'body', name: '', message: `needs one of the fields ${missing.join(', ')}` },
    },
  ];
}

/** The body schema of `operation` (its first media type's). */
function bodySchema(operation: OperationSpec): unknown {
  const deref = operation.deref ?? ((node: unknown) => (isRecord(node) ? node : {}));
  try {
    const body = deref(operation.raw.requestBody ?? {});
    const content = isRecord(body.content) ? Object.values(body.content) : [];
    const media = content[0] === undefined ? undefined : deref(content[0]);
    return media?.schema;
  } catch {
    return undefined;
  }
}

function describe(issue: ValidationIssue, operation: OperationSpec, raw: RawRequestValues): ErrorDetail {
  const [, where = '', ...rest] = issue.path.split('/');
  const location = LOCATIONS[where] ?? 'body';
  const name = location === 'body' ? rest.join('.') : (rest[0] ?? '');
  // Header names are case-insensitive (RFC 9110 §5.1); query and path parameter names are not: `PAGE` is unknown.
  const param = operation.parameters.find(
    (p) =>
      p.in === SPEC_LOCATION[location] &&
      (location === 'header' ? p.name.toLowerCase() === name.toLowerCase() : p.name === name),
  );
  const displayName = param?.name ?? name;
  const value = rawValue(location, displayName, raw);
  if (location === 'query' && param === undefined) {
    const accepted = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    const guess = closestName(displayName, accepted);
    return {
      location,
      name: displayName,
      message: `is not a query parameter of ${operation.method.toUpperCase()} ${operation.path}${guess === undefined ? '' : `; did you mean ${guess}?`}`,
    };
  }
  if (location === 'body' && param === undefined) {
    // A top-level property of an inline body schema may carry its own `x-error-message` (spec/admin.yaml's
    // provider `state` lists the known states there).
    const schema = fieldWithMessage(bodySchema(operation), name, operation.deref);
    const given = schema !== undefined && isRecord(raw.body) ? raw.body[name] : undefined;
    return { location, name, message: explain(issue, schema, given) };
  }
  return { location, name: displayName, message: explain(issue, param?.schema, value) };
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rawValue(location: ErrorLocation, name: string, raw: RawRequestValues): unknown {
  if (location === 'query') return raw.query[name];
  if (location === 'header') return raw.headers[name.toLowerCase()];
  if (location === 'path') return raw.params[name];
  return undefined;
}

function explain(issue: ValidationIssue, schema: SchemaNode | undefined, value: unknown): string {
  const got = value === undefined ? '' : ` (got ${quote(value)})`;
  if (Array.isArray(value)) {
    const shown = value.slice(0, 5).map((v) => quote(v));
    if (value.length > shown.length) shown.push('...');
    return `was given ${value.length} times (${shown.join(', ')}); give it once`;
  }
  if (value === '') return 'must not be empty';
  if (schema === undefined) return `${issue.message}${got}`;
  const custom = failedBranch(issue, schema)?.['x-error-message'] ?? schema['x-error-message'];
  if (typeof custom === 'string') return `${custom}${got}`;
  const keyword = issue.errorCode?.split('.')[0];
  const s = schema;
  switch (keyword) {
    case 'type':
      return `must be ${s.type === 'integer' ? 'an integer' : `of type ${String(s.type)}`}${got}`;
    case 'minimum':
    case 'maximum': {
      const { minimum: min, maximum: max } = s;
      if (typeof min === 'number' && typeof max === 'number')
        return `must be between ${min} and ${max}${got}`;
      return `must be ${keyword === 'minimum' ? 'at least' : 'at most'} ${String(min ?? max)}${got}`;
    }
    case 'enum':
      return `must be one of ${Array.isArray(s.enum) ? s.enum.map(String).join(', ') : '(see the spec)'}${got}`;
    case 'format': {
      const format = typeof s.format === 'string' ? s.format : '';
      return `must be ${EXAMPLES[format] ?? `a valid ${format}`}${got}`;
    }
    case 'pattern':
      return `must match ${String(s.pattern)}${got}`;
    case 'minLength':
    case 'maxLength':
      return `must be ${typeof s.minLength === 'number' ? s.minLength : 0}–${typeof s.maxLength === 'number' ? s.maxLength : 'any number of'} characters long${got}`;
    default:
      return `${issue.message.replace(/^Unknown query parameter.*$/, 'is not accepted')}${got}`;
  }
}

/**
 * The `allOf` branch whose `pattern` an issue names (`must match pattern "…"`), so that each of a parameter's
 * patterns (spec/openapi.yaml's `search`: its trimmed length, its visible character) says its own message.
 */
function failedBranch(issue: ValidationIssue, schema: SchemaNode): SchemaNode | undefined {
  if (issue.errorCode?.startsWith('pattern.') !== true && !issue.message.startsWith('must match pattern')) {
    return undefined;
  }
  const branches: unknown[] = Array.isArray(schema.allOf) ? schema.allOf : [];
  return branches.find(
    (branch): branch is SchemaNode =>
      isRecord(branch) && typeof branch.pattern === 'string' && issue.message.includes(`"${branch.pattern}"`),
  );
}
