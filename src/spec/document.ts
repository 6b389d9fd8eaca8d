/**
 * Reads the OpenAPI documents of `spec/`. Parsing is synchronous and happens once, at start-up: a broken document
 * fails `createApp`, never the first request.
 */
import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';

export const API_SPEC_PATH = new URL('../../spec/openapi.yaml', import.meta.url);
export const ADMIN_SPEC_PATH = new URL('../../spec/admin.yaml', import.meta.url);

/** A parsed OpenAPI document: plain JSON data, never mutated after loading (it is deep-frozen). */
export type SpecDocument = Readonly<Record<string, unknown>>;

/** Parses the YAML document at `url` and deep-freezes it, so no consumer can change what another reads. */
export function readSpecDocument(url: URL = API_SPEC_PATH): SpecDocument {
  // js-yaml rather than `yaml`: the faster of the two on these documents, which every start parses.
  const parsed: unknown = load(readFileSync(url, 'utf8'), { schema: CORE_SCHEMA });
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${url.pathname} is not an OpenAPI document (expected a YAML mapping at the top)`);
  }
  return deepFreeze(parsed as Record<string, unknown>);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Resolves a local JSON pointer (`#/components/schemas/User`) in `doc`. */
export function resolvePointer(doc: SpecDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported (got ${ref})`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !(key in node))
      throw new Error(`unresolved $ref ${ref}`);
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
