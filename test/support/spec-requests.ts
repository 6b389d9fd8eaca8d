/**
 * Requests generated from an operation of a spec, as a schema-driven fuzzer builds them: path, query and header
 * parameters and the body are each drawn from their schemas (test/support/schema-arbitrary.ts), and the spec
 * itself decides whether the result is one it allows (`RequestChecker`, Ajv over the same document).
 */
import fc from 'fast-check';
import type { OperationSpec, ParameterSpec } from '../../src/spec/model.ts';
import { RequestChecker } from '../../src/spec/request-check.ts';
import { ResponseChecker } from '../../src/spec/response-check.ts';
import type { LoadedSpec } from '../../src/adapters/express/specs.ts';
import { candidates, type CandidateOptions } from './schema-arbitrary.ts';

/** One document as served: its requests and responses checkers, and where its paths start. */
export interface SpecTarget {
  readonly name: 'spec/openapi.yaml' | 'spec/admin.yaml';
  readonly spec: LoadedSpec;
  /** `''` for the identity API, `/__admin` for the control plane. */
  readonly prefix: string;
  readonly requests: RequestChecker;
  readonly responses: ResponseChecker;
}

export function specTarget(name: SpecTarget['name'], spec: LoadedSpec, prefix: string): SpecTarget {
  return {
    name,
    spec,
    prefix,
    requests: new RequestChecker(spec.doc),
    responses: new ResponseChecker(spec.doc),
  };
}

export interface GeneratedBody {
  /** The Content-Type sent, or undefined for none. */
  readonly mediaType: string | undefined;
  readonly text: string;
}

export interface GeneratedRequest {
  readonly operation: OperationSpec;
  readonly method: string;
  /** The path in the document's terms (no prefix), percent-encoded, without the query string. */
  readonly path: string;
  /** The query string, encoded, without `?` (may be empty). */
  readonly query: string;
  /** Header parameters as the server receives them (names as the spec writes them). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: GeneratedBody | undefined;
}

const UNKNOWN_PARAM = 'unknown_param';
/** Characters a header value can carry as itself (RFC 9110 field-vchar, SP, HTAB; obs-text as Latin-1). */
const SENDABLE_HEADER = /^[\t\x20-\x7e\x80-\xff]*$/;

/** A parameter value as text: strings as they are, anything else as JSON. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function valuesOf(param: ParameterSpec, doc: unknown, options: CandidateOptions): fc.Arbitrary<string> {
  const examples: unknown[] = [];
  if ('example' in param.raw) examples.push(param.raw.example);
  return candidates(doc, param.raw.schema ?? param.schema, 0, options, examples).map(asText);
}

/**
 * Requests for `operation` of `target`, drawn from its schemas: three in five in a fuzzer's positive phase (every
 * part drawn to be valid), the others with every part drawn near its schema, on both sides.
 */
export function requestArbitrary(
  target: SpecTarget,
  operation: OperationSpec,
  options: CandidateOptions = {},
): fc.Arbitrary<GeneratedRequest> {
  return fc
    .oneof(
      { arbitrary: partsArbitrary(target, operation, { ...options, valid: true }), weight: 3 },
      { arbitrary: partsArbitrary(target, operation, { ...options, valid: false }), weight: 2 },
    )
    .map(({ path, query, headers, body }) => {
      const req: GeneratedRequest = {
        operation,
        method: operation.method.toUpperCase(),
        path,
        query,
        headers,
        body,
      };
      // A counterexample prints as the request it is, not as the operation it was drawn for.
      return Object.assign(req, { [fc.toStringMethod]: () => describeRequest(target, req) });
    });
}

function partsArbitrary(target: SpecTarget, operation: OperationSpec, options: CandidateOptions) {
  const doc = target.spec.doc as unknown;
  const valid = options.valid === true;
  const byLocation = (where: ParameterSpec['in']): ParameterSpec[] =>
    operation.parameters.filter((p) => p.in === where);

  const pathParams = byLocation('path');
  const path = fc
    .tuple(...pathParams.map((p) => valuesOf(p, doc, options)))
    .map((values) =>
      pathParams.reduce(
        (built, param, i) => built.replace(`{${param.name}}`, encodeURIComponent(values[i] ?? '')),
        operation.path,
      ),
    );

  const queryParams = byLocation('query');
  const required = queryParams.filter((p) => p.required && valid).map((p) => p.name);
  const optional = [...queryParams.filter((p) => !required.includes(p.name)).map((p) => p.name)];
  if (!valid) optional.push(UNKNOWN_PARAM);
  const query = fc
    .shuffledSubarray(optional, { maxLength: Math.min(4, optional.length) })
    .chain((chosen) =>
      fc.tuple(
        ...[...required, ...chosen].map((name) => {
          const param = queryParams.find((p) => p.name === name);
          const value = param === undefined ? fc.string({ maxLength: 4 }) : valuesOf(param, doc, options);
          return value.map((v): [string, string] => [name, v]);
        }),
      ),
    )
    .map((entries) => new URLSearchParams(entries).toString());

  const headerParams = byLocation('header');
  const headers = fc
    .tuple(
      ...headerParams.map((param) =>
        fc.option(valuesOf(param, doc, options), { freq: 2 }).map((value) => [param.name, value] as const),
      ),
    )
    .map((entries) => {
      const out: Record<string, string> = {};
      for (const [name, value] of entries) {
        // What a server receives: leading and trailing whitespace is not part of a field value (RFC 9110 §5.5).
        const received = value?.replace(/^[\t ]+|[\t ]+$/g, '');
        if (received !== undefined && SENDABLE_HEADER.test(received)) out[name] = received;
      }
      return out;
    });

  return fc.record({ path, query, headers, body: bodyArbitrary(target, operation, options) });
}

/** A body in one of the operation's media types (or none, or another type, now and then). */
function bodyArbitrary(
  target: SpecTarget,
  operation: OperationSpec,
  options: CandidateOptions,
): fc.Arbitrary<GeneratedBody | undefined> {
  if (operation.bodyPointer === undefined) return fc.constant(undefined);
  const doc = target.spec.doc as unknown;
  const content = target.spec.model.deref(target.spec.model.deref(operation.raw.requestBody).content);
  const documented = operation.bodyMediaTypes.map((mediaType) => {
    const media = target.spec.model.deref(content[mediaType]);
    const examples = 'example' in media ? [media.example] : [];
    return candidates(doc, media.schema, 0, options, examples).map((value): GeneratedBody => ({
      mediaType,
      text: encode(mediaType, value),
    }));
  });
  const required = target.spec.model.deref(operation.raw.requestBody).required === true;
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: options.valid === true && required ? 0 : 1 },
    {
      arbitrary: fc
        .constantFrom('text/plain', 'application/xml')
        .map((mediaType): GeneratedBody => ({ mediaType, text: 'x=1' })),
      weight: options.valid === true ? 0 : 1,
    },
    ...documented.map((arbitrary) => ({ arbitrary, weight: 8 })),
  );
}

function encode(mediaType: string, value: unknown): string {
  if (mediaType === 'application/x-www-form-urlencoded') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return asText(value);
    return new URLSearchParams(
      Object.entries(value).map(([k, v]): [string, string] => [k, asText(v)]),
    ).toString();
  }
  return JSON.stringify(value);
}

/** What the server decodes from a generated request, in the terms of `RequestChecker`. */
export function problemsOf(
  target: SpecTarget,
  req: GeneratedRequest,
  extraHeaders: Readonly<Record<string, string>>,
): string[] {
  const query: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(req.query)) (query[name] ??= []).push(value);
  const body =
    req.body === undefined
      ? undefined
      : req.body.mediaType === 'application/json'
        ? (JSON.parse(req.body.text) as unknown)
        : req.body.text;
  const headers: Record<string, string> = { ...extraHeaders, ...req.headers };
  if (req.body?.mediaType !== undefined) headers['content-type'] = req.body.mediaType;
  return target.requests.check({ method: req.method, path: req.path, query, headers, body }).problems;
}

/** A request as a line: method, target, headers and body. */
export function describeRequest(target: SpecTarget, req: GeneratedRequest): string {
  const headers = Object.entries(req.headers).map(([name, value]) => ` ${name}: ${JSON.stringify(value)}`);
  const body = req.body === undefined ? '' : ` [${req.body.mediaType ?? 'no Content-Type'}] ${req.body.text}`;
  return `${req.method} ${targetOf(target, req)}${headers.join('')}${body}`;
}

/** The request line's target: prefix, path and query. */
export function targetOf(target: SpecTarget, req: GeneratedRequest): string {
  return `${target.prefix}${req.path}${req.query === '' ? '' : `?${req.query}`}`;
}
