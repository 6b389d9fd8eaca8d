/**
 * An OpenAPI document as the mock holds it: parsed once, deep-frozen plain data, its local `$ref`s resolved by JSON
 * pointer. Reading one from `spec/` is `platform/node/document-file.ts`'s.
 */
import { CORE_SCHEMA, load } from 'js-yaml';

/** A parsed OpenAPI document: plain JSON data, never mutated after loading (it is deep-frozen). */
export type SpecDocument = Readonly<Record<string, unknown>>;

/** Parses a YAML (or JSON) document and deep-freezes it, so no consumer can change what another reads. */
export function parseSpecDocument(text: string, name: string): SpecDocument {
  // js-yaml rather than `yaml`: the faster of the two on these documents, which every start parses.
  const parsed: unknown = load(text, { schema: CORE_SCHEMA });
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${name} is not an OpenAPI document (expected a YAML mapping at the top)`);
  }
  return deepFreeze(parsed as Record<string, unknown>);
}

/** Where a document's text failed to parse: `file:line:col: reason` (line and column from 1). */
function documentParseError(name: string, error: unknown): Error {
  const mark = (error as { mark?: { line?: number; column?: number } }).mark;
  const reason =
    (error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error));
  const at = mark?.line === undefined ? '' : `:${mark.line + 1}:${(mark.column ?? 0) + 1}`;
  return new Error(`${name}${at}: ${reason}`, { cause: error });
}

/** Parses a document's YAML or JSON `text`, read from `name`; a syntax error names the file, line and column. */
export function parseDocumentText(text: string, name: string): SpecDocument {
  try {
    return parseSpecDocument(text, name);
  } catch (error) {
    if ((error as { mark?: unknown }).mark !== undefined) throw documentParseError(name, error);
    throw error;
  }
}

/** Freezes `value` and everything it holds. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A local reference to a component, split: `#/components/<kind>/<name>` and what follows the name (`/properties/id`). */
export interface ComponentRef {
  readonly kind: string;
  readonly name: string;
  readonly rest: string;
}

const COMPONENT_REF = /^#\/components\/([^/]+)\/([^/]+)(.*)$/;

/** The component `ref` names, or undefined when it names none (another document, `#/paths/…`). */
export function componentRef(ref: string): ComponentRef | undefined {
  const [, kind, name, rest] = COMPONENT_REF.exec(ref) ?? [];
  return kind === undefined || name === undefined ? undefined : { kind, name, rest: rest ?? '' };
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
