/**
 * Values for a schema, drawn from one seeded faker (docs/own-spec.md "Seeding"): `const` and enums; formats
 * (uuid, email, date-time, date, uri, hostname, ipv4, ipv6); property names as hints (name, email, identifier,
 * title, description, `*_at` …); references by name (`workspace_id` → a workspace's id, `created_by` → a user's);
 * patterns `pattern-sample.ts` can read; bounds (minimum/maximum, minLength/maxLength, minItems/maxItems).
 * The same faker state gives the same values.
 */
import type { Faker } from '../data/faker.ts';
import type { SchemaNode } from '../spec/model.ts';
import { samplePattern } from './pattern-sample.ts';
import type { SchemaReader } from './schema.ts';

/** Seeded timestamps fall in the three years before this instant (the users' reference date, docs/users.md). */
export const REFERENCE_MS = Date.parse('2026-01-01T00:00:00.000Z');
const HISTORY_MS = 3 * 365 * 24 * 3600 * 1000;
/** Nesting generated in full; deeper, objects hold only their required properties and arrays are empty. */
const FULL_DEPTH = 2;
const MAX_DEPTH = 4;
/**
 * Past MAX_DEPTH only what a schema requires is generated (an object's required properties, an array's `minItems`),
 * so that a deep answer (a login flow's UI nodes) still conforms; past this depth, nothing (a schema that requires
 * itself has no finite instance).
 */
const REQUIRED_DEPTH = 16;

export interface GenerateContext {
  readonly faker: Faker;
  readonly reader: SchemaReader;
  /** The singular of the collection the record belongs to (`user`, `workspace`), for the `name` hint. */
  readonly subject: string | undefined;
  /** An id of the collection a property refers to by its name (`workspace_id`), or undefined. */
  readonly reference: (property: string) => string | number | undefined;
}

const PEOPLE = new Set([
  'user',
  'person',
  'member',
  'account',
  'customer',
  'employee',
  'contact',
  'author',
  'identity',
  'admin',
]);

type Hint = (faker: Faker, ctx: GenerateContext) => string;

const identifier = (faker: Faker): string => {
  const raw = faker.internet
    .username()
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '');
  const start = /^[a-z0-9]/.test(raw) ? raw : `u${raw}`;
  return start.length >= 3 ? start.slice(0, 64) : `${start}${faker.string.numeric(3)}`;
};

/** Hints by property name, compared in snake_case (`firstName` is `first_name`). */
const HINTS: Readonly<Record<string, Hint>> = {
  email: (f) => f.internet.email().toLowerCase(),
  name: (f, ctx) =>
    ctx.subject !== undefined && PEOPLE.has(ctx.subject) ? f.person.fullName() : f.company.name(),
  full_name: (f) => f.person.fullName(),
  display_name: (f) => f.person.fullName(),
  first_name: (f) => f.person.firstName(),
  given_name: (f) => f.person.firstName(),
  last_name: (f) => f.person.lastName(),
  family_name: (f) => f.person.lastName(),
  surname: (f) => f.person.lastName(),
  username: identifier,
  user_name: identifier,
  identifier,
  login: identifier,
  handle: identifier,
  slug: (f) => f.helpers.slugify(f.lorem.words(2)).toLowerCase(),
  title: (f) => f.lorem.words(3).replace(/^\w/, (c) => c.toUpperCase()),
  description: (f) => f.lorem.sentence(),
  summary: (f) => f.lorem.sentence(),
  bio: (f) => f.lorem.sentence(),
  notes: (f) => f.lorem.sentence(),
  comment: (f) => f.lorem.sentence(),
  phone: (f) => f.phone.number({ style: 'international' }),
  phone_number: (f) => f.phone.number({ style: 'international' }),
  url: (f) => f.internet.url(),
  website: (f) => f.internet.url(),
  homepage: (f) => f.internet.url(),
  avatar: (f) => f.image.avatar(),
  avatar_url: (f) => f.image.avatar(),
  picture: (f) => f.image.avatar(),
  city: (f) => f.location.city(),
  country: (f) => f.location.country(),
  country_code: (f) => f.location.countryCode(),
  street: (f) => f.location.streetAddress(),
  address: (f) => f.location.streetAddress(),
  zip: (f) => f.location.zipCode(),
  postal_code: (f) => f.location.zipCode(),
  state: (f) => f.location.state(),
  company: (f) => f.company.name(),
  organization: (f) => f.company.name(),
  color: (f) => f.color.rgb(),
  locale: () => 'en-US',
  language: () => 'en',
  timezone: (f) => f.location.timeZone(),
  time_zone: (f) => f.location.timeZone(),
  domain: (f) => f.internet.domainName(),
  hostname: (f) => f.internet.domainName(),
  host: (f) => f.internet.domainName(),
  ip: (f) => f.internet.ipv4(),
  ip_address: (f) => f.internet.ipv4(),
};

function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}

function dateTime(faker: Faker): string {
  return faker.date.between({ from: REFERENCE_MS - HISTORY_MS, to: REFERENCE_MS }).toISOString();
}

function byFormat(format: unknown, faker: Faker): string | undefined {
  switch (format) {
    case 'uuid':
      return faker.string.uuid();
    case 'email':
      return faker.internet.email().toLowerCase();
    case 'date-time':
      return dateTime(faker);
    case 'date':
      return dateTime(faker).slice(0, 10);
    case 'uri':
    case 'url':
    case 'uri-reference':
      return faker.internet.url();
    case 'hostname':
      return faker.internet.domainName();
    case 'ipv4':
      return faker.internet.ipv4();
    case 'ipv6':
      return faker.internet.ipv6();
    case 'password':
      return faker.internet.password({ length: 12 });
    default:
      return undefined;
  }
}

function fitLength(text: string, schema: SchemaNode, faker: Faker): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  let out = text.length > max ? text.slice(0, max) : text;
  while (out.length < min) out += faker.string.alpha({ length: min - out.length, casing: 'lower' });
  return out;
}

function generateString(schema: SchemaNode, name: string | undefined, ctx: GenerateContext): string {
  const { faker } = ctx;
  const formatted = byFormat(schema.format, faker);
  if (formatted !== undefined) return formatted;
  const key = name === undefined ? undefined : snake(name);
  const hint = key === undefined ? undefined : HINTS[key];
  if (typeof schema.pattern === 'string') {
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : 64;
    const hinted = hint?.(faker, ctx);
    if (
      hinted !== undefined &&
      key !== undefined &&
      ['identifier', 'username', 'login', 'handle'].includes(key) &&
      /^[a-z0-9][a-z0-9._-]{2,63}$/.test(hinted)
    ) {
      // A readable hint of the same alphabet as the common identifier pattern; other patterns are sampled.
      if (schema.pattern === '^[a-z0-9][a-z0-9._-]{2,63}$') return hinted;
    }
    const sampled = samplePattern(schema.pattern, (n) => faker.number.int({ min: 0, max: n - 1 }), max);
    if (sampled !== undefined) return sampled;
    if (typeof schema.example === 'string') return schema.example;
  }
  if (hint !== undefined) return fitLength(hint(faker, ctx), schema, faker);
  if (key !== undefined && (key.endsWith('_at') || key.endsWith('_time'))) return dateTime(faker);
  if (typeof schema.example === 'string') return schema.example;
  return fitLength(faker.lorem.word(), schema, faker);
}

function bounds(schema: SchemaNode, integer: boolean): { min: number; max: number } {
  let min = typeof schema.minimum === 'number' ? schema.minimum : 0;
  let max = typeof schema.maximum === 'number' ? schema.maximum : Math.max(min + 1000, 1000);
  const step = integer ? 1 : 0.01;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  else if (schema.exclusiveMinimum === true) min += step;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  else if (schema.exclusiveMaximum === true) max -= step;
  return { min, max: Math.max(min, max) };
}

/** A value for `node`; `name` is the property's name, when it is one (for hints and references). */
export function generateValue(
  node: unknown,
  name: string | undefined,
  ctx: GenerateContext,
  depth = 0,
): unknown {
  const { reader, faker } = ctx;
  const schema = reader.resolve(node);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) {
    const options = schema.enum.filter((v) => v !== null);
    if (options.length > 0) return faker.helpers.arrayElement(options);
  }
  const types = reader.types(schema);
  const type = types[0];
  const referenced = name === undefined ? undefined : ctx.reference(name);
  if (
    referenced !== undefined &&
    (type === undefined ||
      type === (typeof referenced === 'number' ? 'integer' : 'string') ||
      (type === 'number' && typeof referenced === 'number'))
  ) {
    return referenced;
  }
  switch (type) {
    case 'integer': {
      const { min, max } = bounds(schema, true);
      return faker.number.int({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'number': {
      const { min, max } = bounds(schema, false);
      return faker.number.float({ min, max, fractionDigits: 2 });
    }
    case 'boolean':
      return faker.datatype.boolean();
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 1;
      const max = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : min + 2, min + 2);
      if (depth >= REQUIRED_DEPTH || (depth > FULL_DEPTH && min === 0)) return [];
      const length = depth >= MAX_DEPTH ? min : faker.number.int({ min, max: Math.max(min, max) });
      const items = Array.from({ length }, () => generateValue(schema.items, undefined, ctx, depth + 1));
      return schema.uniqueItems === true
        ? [...new Map(items.map((v) => [JSON.stringify(v), v])).values()]
        : items;
    }
    case 'object':
      return depth >= REQUIRED_DEPTH ? {} : generateObject(schema, ctx, depth + 1);
    default:
      return generateString(schema, name, ctx);
  }
}

/**
 * An object for `schema`: every property but the write-only ones (a required write-only one too), created_at
 * never after updated_at.
 */
export function generateObject(schema: SchemaNode, ctx: GenerateContext, depth = 0): Record<string, unknown> {
  const required = ctx.reader.required(schema);
  const out: Record<string, unknown> = {};
  for (const [name, prop] of ctx.reader.properties(schema)) {
    if (!required.includes(name) && (prop.writeOnly === true || depth > FULL_DEPTH)) continue;
    out[name] = generateValue(prop, name, ctx, depth);
  }
  for (const [created, updated] of [
    ['created_at', 'updated_at'],
    ['createdAt', 'updatedAt'],
  ] as const) {
    const a = out[created];
    const b = out[updated];
    if (typeof a === 'string' && typeof b === 'string' && b < a) {
      out[created] = b;
      out[updated] = a;
    }
  }
  return out;
}
