/**
 * Turns a validator's issues (in express-openapi-validator's vocabulary: `{ path: '/query/page_size', errorCode:
 * 'maximum.openapi.validation' }`) into the 400 of docs/responses.md: one `details` entry per offending parameter, and
 * messages that say what was wrong, with the value, and what is accepted.
 */
import { invalidRequest, quote, type MockError } from '../errors.ts';
import type { OperationSpec, SchemaNode } from '../spec/model.ts';
import type { ErrorDetail, ErrorLocation } from '../spec/types.ts';

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

/** The 400 for `issues` of a request to `operation`. */
export function validationError(
  issues: readonly ValidationIssue[],
  operation: OperationSpec,
  raw: RawRequestValues,
): MockError {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    // An `if`/`then`/`else` failure repeats the failure of the branch, which has its own issue.
    if (issue.errorCode?.startsWith('if.') === true) continue;
    const detail = describe(issue, operation, raw);
    const key = `${detail.location}/${detail.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push(detail);
  }
  const message = details.map((d) => (d.name === '' ? d.message : `${d.name} ${d.message}`)).join('; ');
  return invalidRequest(message, details);
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
    return {
      location,
      name: displayName,
      message: `is not a query parameter of ${operation.method.toUpperCase()} ${operation.path}; accepted: ${accepted.join(', ') || 'none'}`,
    };
  }
  if (location === 'body' && param === undefined) {
    // A top-level property of an inline body schema may carry its own `x-error-message` (spec/admin.yaml's
    // provider `state` lists the known states there).
    const schema = bodyProperty(operation, name);
    const given = schema !== undefined && isRecord(raw.body) ? raw.body[name] : undefined;
    return { location, name, message: explain(issue, schema, given) };
  }
  return { location, name: displayName, message: explain(issue, param?.schema, value) };
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The inline schema of top-level body property `name`, when it has an `x-error-message`. */
function bodyProperty(operation: OperationSpec, name: string): SchemaNode | undefined {
  const body = operation.raw.requestBody;
  const content = isRecord(body) && isRecord(body.content) ? Object.values(body.content) : [];
  for (const media of content) {
    const schema = isRecord(media) ? media.schema : undefined;
    const properties = isRecord(schema) ? schema.properties : undefined;
    const property = isRecord(properties) ? properties[name] : undefined;
    if (isRecord(property) && typeof property['x-error-message'] === 'string') return property;
  }
  return undefined;
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
  const custom = schema['x-error-message'];
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
