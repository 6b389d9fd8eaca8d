/**
 * Candidate values drawn from a spec's JSON Schema, for the spec–server agreement test: near the schema on purpose
 * (a pattern's strings and any strings, a range and past it, known properties and an unknown one, the right type
 * and another), so that both valid and invalid values come up. Which side a value is on is decided by the spec
 * itself (Ajv over the same document), never by this generator.
 */
import fc from 'fast-check';

type Schema = Readonly<Record<string, unknown>>;

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

const anyScalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -5, max: 1_000 }),
  fc.boolean(),
  fc.constant(null),
);

/** Strings of `pattern` where fast-check can produce them (not every construct is supported), else none. */
function patternStrings(pattern: string): fc.Arbitrary<string>[] {
  try {
    const arbitrary = fc.stringMatching(new RegExp(pattern, 'u'));
    fc.sample(arbitrary, 1);
    return [arbitrary];
  } catch {
    return [];
  }
}

/** Candidates for `schema` of `doc` (refs followed to `depth`). */
export function candidates(doc: unknown, schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (!isSchema(schema) || depth > 6) return anyScalar;
  const ref = schema.$ref;
  if (typeof ref === 'string') return candidates(doc, resolvePointer(doc, ref), depth + 1);
  const options: fc.Arbitrary<unknown>[] = [];
  if ('const' in schema) options.push(fc.constant(schema.const));
  if (Array.isArray(schema.enum)) options.push(fc.constantFrom(...(schema.enum as unknown[])));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches))
      for (const branch of branches) options.push(candidates(doc, branch, depth + 1));
  }
  const type = schema.type;
  if (type === 'string') {
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 120) : 120;
    options.push(fc.string({ minLength: Math.min(min, max), maxLength: Math.min(max, 12) }));
    options.push(fc.string({ minLength: Math.min(min, max), maxLength: max, unit: 'binary' }));
    // Characters where "visible" and "trimmed" are decided: controls, formats, combining marks, spaces.
    options.push(fc.string({ minLength: 1, maxLength: 6, unit: TRICKY }));
    options.push(fc.string({ minLength: 1, maxLength: 4, unit: INVISIBLE }));
    // A pattern's own strings weigh as much as all the others together.
    if (typeof schema.pattern === 'string') {
      for (const matching of patternStrings(schema.pattern))
        options.push(matching, matching, matching, matching);
    }
    if (schema.format === 'date-time')
      options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
    if (schema.format === 'uuid') options.push(fc.uuid());
  }
  if (type === 'integer' || type === 'number') {
    const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000;
    const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, min + 100_000) : min + 1_000;
    const edges = [min - 1, min, max, max + 1];
    options.push(fc.integer({ min: Math.max(min, -1e9), max }), fc.constantFrom(...edges));
    if (type === 'number') options.push(fc.double({ min, max, noNaN: true }));
  }
  if (type === 'boolean') options.push(fc.boolean());
  if (type === 'array') options.push(fc.array(candidates(doc, schema.items, depth + 1), { maxLength: 3 }));
  const properties = objectProperties(doc, schema, depth);
  if (type === 'object' || properties.size > 0) {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of properties) record[name] = candidates(doc, property, depth + 1);
    const required = Array.isArray(schema.required)
      ? schema.required.filter((name): name is string => typeof name === 'string' && name in record)
      : [];
    const object = fc
      .tuple(
        fc.oneof(fc.record(record, { requiredKeys: required }), fc.record(record, { requiredKeys: [] })),
        fc.oneof(
          { arbitrary: fc.constant(null), weight: 8 },
          { arbitrary: fc.tuple(fc.constantFrom('unknown_field', 'extra'), anyScalar), weight: 1 },
        ),
      )
      .map(([value, extra]) => (extra === null ? value : { ...value, [extra[0]]: extra[1] }));
    // An object schema gets objects mostly; its branches' other shapes, and anything, now and then.
    return fc.oneof({ arbitrary: object, weight: 10 }, { arbitrary: anyScalar, weight: 1 });
  }
  // Mostly the schema's own shapes (valid more often than not), sometimes anything.
  return fc.oneof(
    { arbitrary: anyScalar, weight: 1 },
    ...options.map((arbitrary) => ({ arbitrary, weight: 4 })),
  );
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

/** Two descriptions of one property, as one whose candidates cover both. */
function mergeProperty(before: unknown, after: unknown): unknown {
  if (before === undefined) return after;
  return { anyOf: [before, after] };
}
