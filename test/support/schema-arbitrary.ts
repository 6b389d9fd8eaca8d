/**
 * Candidate values drawn from a spec's JSON Schema, for the spec–server agreement test: what a schema-driven fuzzer
 * would send. In its positive phase (`valid: true`) only what the schema describes: its examples, enums, pattern
 * strings, formats, bounds, required and known properties. Otherwise values near the schema on purpose, both
 * sides: a range and past it, a missing required property and an unknown one, the right type and another,
 * characters where "visible" and "trimmed" are decided. Which side a value is on is decided by the spec itself
 * (Ajv over the same document), never by this generator.
 */
import fc from 'fast-check';

type Schema = Readonly<Record<string, unknown>>;

export interface CandidateOptions {
  /** Draw only what the schema describes, as a fuzzer's positive phase does. */
  readonly valid?: boolean;
  /**
   * Integers are drawn from `[minimum, minimum + integerSpan]` (and just past both ends), so that a size such as
   * `users` (up to 1 000 000) costs what a test can afford. Default 1000.
   */
  readonly integerSpan?: number;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON pointer (`#/components/schemas/X`) resolved in `doc`. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  let node: unknown = doc;
  for (const raw of pointer.replace(/^#\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Array.isArray(node) ? (node as unknown[])[Number(key)] : isSchema(node) ? node[key] : undefined;
  }
  return node;
}

const INVISIBLE = fc.constantFrom('\u0000', '\u0007', '\u200b', '\u2060', '\ufeff', '\u0301', ' ', '\t');
const TRICKY = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\u200b',
  '\u2060',
  '\ufeff',
  '\u0301',
  ' ',
  '\t',
  'a',
  'É',
  '*',
);

/**
 * Any Unicode scalar value (no lone surrogate, which no URL or header can carry), built cheaply: fast-check's own
 * `unit: 'binary'` costs a second to build.
 */
const ANY_CHARACTER = fc
  .integer({ min: 0, max: 0x10ffff - 0x800 })
  .map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800));

const anyScalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -5, max: 1_000 }),
  fc.boolean(),
  fc.constant(null),
);

/**
 * Strings of `pattern` with `min` to `max` characters, where fast-check can produce them; none for a pattern it
 * cannot read (test/api/spec-agreement.test.ts requires every pattern of the documents to be readable).
 */
export function patternStrings(pattern: string, min = 0, max = Infinity): fc.Arbitrary<string>[] {
  const key = `${min} ${max} ${pattern}`;
  let found = PATTERN_STRINGS.get(key);
  if (found === undefined) {
    try {
      const arbitrary = fc
        .stringMatching(new RegExp(pattern, 'u'))
        .filter((s) => codePoints(s) >= min && codePoints(s) <= max);
      fc.sample(arbitrary, 1);
      found = [arbitrary];
    } catch {
      found = [];
    }
    PATTERN_STRINGS.set(key, found);
  }
  return found;
}

/** The length of `s` in code points, as JSON Schema's `minLength` and `maxLength` count it. */
function codePoints(s: string): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** Arbitraries are immutable: one per pattern and bounds serves every schema that names them. */
const PATTERN_STRINGS = new Map<string, fc.Arbitrary<string>[]>();

/** The schema's own examples (`examples`, `example`, `default`), as constants. */
function examplesOf(schema: Schema): unknown[] {
  const found: unknown[] = [];
  if (Array.isArray(schema.examples)) found.push(...(schema.examples as unknown[]));
  if ('example' in schema) found.push(schema.example);
  if ('default' in schema) found.push(schema.default);
  return found;
}

/** Candidates for `schema` of `doc` (refs followed to `depth`); `extra` adds the examples of its parameter. */
export function candidates(
  doc: unknown,
  schema: unknown,
  depth = 0,
  options: CandidateOptions = {},
  extra: readonly unknown[] = [],
): fc.Arbitrary<unknown> {
  if (!isSchema(schema) || depth > 6) return anyScalar;
  const ref = schema.$ref;
  if (typeof ref === 'string') return candidates(doc, resolvePointer(doc, ref), depth + 1, options, extra);
  const valid = options.valid === true;
  const shapes: fc.Arbitrary<unknown>[] = [];
  const examples = [...extra, ...examplesOf(schema)];
  if (examples.length > 0) shapes.push(fc.constantFrom(...examples));
  if ('const' in schema) shapes.push(fc.constant(schema.const));
  if (Array.isArray(schema.enum)) shapes.push(fc.constantFrom(...(schema.enum as unknown[])));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches))
      for (const branch of branches) shapes.push(candidates(doc, branch, depth + 1, options));
  }
  // A closed set is the whole of what the schema allows.
  if (valid && shapes.length > 0 && ('const' in schema || Array.isArray(schema.enum)))
    return fc.oneof(...shapes);
  const type = schema.type;
  if (type === 'string') shapes.push(...stringCandidates(schema, valid));
  if (type === 'integer' || type === 'number') {
    const span = options.integerSpan ?? 1_000;
    const min = typeof schema.minimum === 'number' ? schema.minimum : -span;
    const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, min + span) : min + span;
    const edges = valid ? [min, max] : [min - 1, min, max, max + 1];
    shapes.push(fc.integer({ min: Math.max(min, -1e9), max }), fc.constantFrom(...edges));
    if (type === 'number') shapes.push(fc.double({ min, max, noNaN: true }));
  }
  if (type === 'boolean') shapes.push(fc.boolean());
  if (type === 'array') {
    const minLength = valid && typeof schema.minItems === 'number' ? schema.minItems : 0;
    const items = candidates(doc, schema.items, depth + 1, options);
    shapes.push(fc.array(items, { minLength, maxLength: Math.max(minLength, 3) }));
  }
  const properties = objectProperties(doc, schema, depth);
  if (type === 'object' || properties.size > 0) {
    const object = objectCandidates(doc, schema, properties, depth, options);
    if (!valid) {
      // An object schema gets objects mostly; its branches' shapes and examples, and anything, now and then.
      return fc.oneof(
        { arbitrary: object, weight: 10 },
        ...shapes.map((arbitrary) => ({ arbitrary, weight: 2 })),
        { arbitrary: anyScalar, weight: 1 },
      );
    }
    // A schema made of branches is valid through one branch: its shapes and examples, not the merged record.
    const branched = Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf);
    if (branched && shapes.length > 0) return fc.oneof(...shapes);
    return fc.oneof(
      { arbitrary: object, weight: 4 },
      ...shapes.map((arbitrary) => ({ arbitrary, weight: 1 })),
    );
  }
  if (valid && shapes.length > 0) return fc.oneof(...shapes);
  // Mostly the schema's own shapes (valid more often than not), sometimes anything.
  return fc.oneof(
    { arbitrary: anyScalar, weight: 1 },
    ...shapes.map((arbitrary) => ({ arbitrary, weight: 4 })),
  );
}

/** Objects of the schema's properties: the required ones (or, off the positive phase, any), now and then more. */
function objectCandidates(
  doc: unknown,
  schema: Schema,
  properties: ReadonlyMap<string, unknown>,
  depth: number,
  options: CandidateOptions,
): fc.Arbitrary<unknown> {
  const valid = options.valid === true;
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of properties) record[name] = candidates(doc, property, depth + 1, options);
  const required = requiredNames(doc, schema, depth).filter((name) => name in record);
  const withRequired = fc.record(record, { requiredKeys: required });
  const additional = isSchema(schema.additionalProperties)
    ? candidates(doc, schema.additionalProperties, depth + 1, options)
    : anyScalar;
  const extraWeight = valid && !isSchema(schema.additionalProperties) ? 0 : 1;
  return fc
    .tuple(
      valid ? withRequired : fc.oneof(withRequired, fc.record(record, { requiredKeys: [] })),
      fc.oneof(
        { arbitrary: fc.constant(null), weight: 8 },
        { arbitrary: fc.tuple(fc.constantFrom('unknown_field', 'extra'), additional), weight: extraWeight },
      ),
    )
    .map(([value, more]) => (more === null ? value : { ...value, [more[0]]: more[1] }));
}

/** Strings near a string schema: its lengths, its pattern, its format, and characters where rules are decided. */
function stringCandidates(schema: Schema, valid: boolean): fc.Arbitrary<unknown>[] {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 120) : 120;
  const upper = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const matching = typeof schema.pattern === 'string' ? patternStrings(schema.pattern, min, upper) : [];
  const format = typeof schema.format === 'string' ? formatStrings(schema.format) : [];
  if (valid) {
    if (matching.length > 0 || format.length > 0) return [...matching, ...format];
    return [fc.string({ minLength: Math.min(min, max), maxLength: Math.min(max, Math.max(min, 12)) })];
  }
  const found: fc.Arbitrary<unknown>[] = [
    fc.string({ minLength: Math.min(min, max), maxLength: Math.min(max, 12) }),
    fc.string({ minLength: Math.min(min, max), maxLength: max, unit: ANY_CHARACTER }),
    // Characters where "visible" and "trimmed" are decided: controls, formats, combining marks, spaces.
    fc.string({ minLength: 1, maxLength: 6, unit: TRICKY }),
    fc.string({ minLength: 1, maxLength: 4, unit: INVISIBLE }),
  ];
  // Just past the length bounds.
  if (min > 0) found.push(fc.string({ minLength: min - 1, maxLength: min - 1 }));
  if (typeof schema.maxLength === 'number' && schema.maxLength <= 200) {
    found.push(fc.string({ minLength: schema.maxLength + 1, maxLength: schema.maxLength + 1 }));
  }
  // A pattern's own strings weigh as much as all the others together.
  for (const arbitrary of matching) found.push(arbitrary, arbitrary, arbitrary, arbitrary);
  found.push(...format);
  if (schema.format === 'uri') found.push(fc.constant('/relative/path'));
  return found;
}

/** Strings of a format (those the documents use); built once each (`fc.webUrl()` is costly to build). */
function formatStrings(format: string): fc.Arbitrary<string>[] {
  let found = FORMAT_STRINGS.get(format);
  if (found === undefined) {
    found = buildFormatStrings(format);
    FORMAT_STRINGS.set(format, found);
  }
  return found;
}

const FORMAT_STRINGS = new Map<string, fc.Arbitrary<string>[]>();

function buildFormatStrings(format: string): fc.Arbitrary<string>[] {
  switch (format) {
    case 'date-time':
      return [
        fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString()),
      ];
    case 'uuid':
      return [fc.uuid({ version: 4 })];
    case 'uri':
      // Absolute http(s) URIs on the hosts a local client uses and others, with a path and now and then a query
      // (built by hand: fast-check's webUrl costs seconds to build).
      return [
        fc
          .tuple(
            fc.constantFrom(
              'http://localhost',
              'http://127.0.0.1:3000',
              'http://localhost:5173',
              'https://app.example.com',
            ),
            fc.stringMatching(/^(?:\/[a-z0-9._~-]{0,8}){0,3}$/),
            fc.option(fc.stringMatching(/^\?[a-z]{1,4}=[a-z0-9]{0,4}$/), { nil: '' }),
          )
          .map(([origin, path, query]) => `${origin}${path}${query}`),
      ];
    case 'email':
      return [fc.stringMatching(/^[a-z0-9._-]{1,10}@[a-z0-9-]{1,10}\.(?:com|org|test)$/)];
    default:
      return [];
  }
}

/** Every property named by the schema, its `allOf`/`anyOf`/`oneOf` branches and `if`/`then`/`else`. */
function objectProperties(doc: unknown, schema: Schema, depth: number): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const visit = (node: unknown, level: number): void => {
    if (!isSchema(node) || level > 6) return;
    if (typeof node.$ref === 'string') visit(resolvePointer(doc, node.$ref), level + 1);
    if (isSchema(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        // The most constraining description of a property wins: the branch that restricts it.
        if (!found.has(name) || isSchema(property)) found.set(name, mergeProperty(found.get(name), property));
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      const branches = node[key];
      if (Array.isArray(branches)) for (const branch of branches) visit(branch, level + 1);
    }
    for (const key of ['if', 'then', 'else']) visit(node[key], level + 1);
  };
  visit(schema, depth);
  return found;
}

/** Required property names of the schema and its `allOf` branches (`$ref`s followed). */
function requiredNames(doc: unknown, schema: Schema, depth: number): string[] {
  const names: string[] = [];
  const visit = (node: unknown, level: number): void => {
    if (!isSchema(node) || level > 6) return;
    if (typeof node.$ref === 'string') visit(resolvePointer(doc, node.$ref), level + 1);
    if (Array.isArray(node.required))
      names.push(...node.required.filter((name): name is string => typeof name === 'string'));
    if (Array.isArray(node.allOf)) for (const branch of node.allOf) visit(branch, level + 1);
  };
  visit(schema, depth);
  return [...new Set(names)];
}

/** Two descriptions of one property, as one whose candidates cover both. */
function mergeProperty(before: unknown, after: unknown): unknown {
  if (before === undefined) return after;
  return { anyOf: [before, after] };
}
