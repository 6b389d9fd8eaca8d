/**
 * Which property identifies a collection's records (docs/own-spec.md "Items"): `id` when the schema has one; the
 * item path's parameter when it names a property (which the parameter then matches too, after `id`); each side
 * of an `a-or-b` parameter that names one
 * (`id-or-identifier` matches `id` or `identifier`, as `DELETE /users/{id-or-identifier}` does). Its kind says how
 * a create assigns it: a uuid from the seeded random, the next integer, or a generated string.
 */
import type { SchemaNode } from '../spec/model.ts';
import { paramName, segments, type FoundCollection } from './collections.ts';
import type { SchemaReader } from './schema.ts';

export interface IdRule {
  /** The identifying property; undefined when the schema has none the engine can find. */
  readonly property: string | undefined;
  readonly kind: 'uuid' | 'integer' | 'string';
  /** The properties an item path's parameter is matched against, in order (the id first). */
  readonly matches: readonly string[];
}

export function readIdRule(
  found: FoundCollection,
  properties: ReadonlyMap<string, SchemaNode>,
  singularName: string,
  reader: SchemaReader,
): IdRule {
  const last = found.itemPath === undefined ? undefined : segments(found.itemPath).at(-1);
  const param = last === undefined ? undefined : paramName(last);
  const sides = param === undefined ? [] : param.split('-or-').filter((s) => properties.has(s));
  const candidates = [
    'id',
    ...(param !== undefined && properties.has(param) ? [param] : []),
    ...sides,
    `${singularName}_id`,
    `${singularName}Id`,
    'uuid',
  ];
  const property = candidates.find((c) => properties.has(c));
  const schema = property === undefined ? undefined : properties.get(property);
  const kind =
    schema === undefined
      ? 'string'
      : reader.scalarKind(schema) === 'integer'
        ? 'integer'
        : schema.format === 'uuid'
          ? 'uuid'
          : 'string';
  // The id first; then each side of an `a-or-b` parameter, or the parameter itself when it names another property
  // (`/custom-providers/{identifier}` finds a record by `identifier` or by `id`).
  const named = param !== undefined && properties.has(param) ? [param] : [];
  const matches = property === undefined ? [] : [...new Set([property, ...sides, ...named])];
  return { property, kind, matches };
}
