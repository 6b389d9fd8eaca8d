/**
 * Matches a request's method and path to an operation of the spec, once per request, with regular expressions
 * compiled at start-up (express-openapi-validator recompiles every route's pattern on every request).
 */
import type { OperationSpec } from './model.ts';

export type RouteMatch =
  | {
      readonly kind: 'found';
      readonly operation: OperationSpec;
      readonly params: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | { readonly kind: 'not-found' };

interface CompiledPath {
  readonly template: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly byMethod: ReadonlyMap<string, OperationSpec>;
}

export class RouteTable {
  readonly #exact = new Map<string, CompiledPath>();
  readonly #templated: CompiledPath[] = [];

  constructor(operations: readonly OperationSpec[]) {
    const byPath = new Map<string, Map<string, OperationSpec>>();
    for (const op of operations) {
      const methods = byPath.get(op.path) ?? new Map<string, OperationSpec>();
      methods.set(op.method.toUpperCase(), op);
      byPath.set(op.path, methods);
    }
    for (const [template, byMethod] of byPath) {
      const { source, names } = patternOf(template);
      // Built once from the served document's path templates, never from a request: linear to match (`patternOf`).
      const compiled = { template, pattern: new RegExp(`^${source}$`), names, byMethod };
      if (names.length === 0) this.#exact.set(template, compiled);
      else this.#templated.push(compiled);
    }
  }

  /** Finds the operation for `method` (upper-case) and `path` (no query string, still percent-encoded). */
  match(method: string, path: string): RouteMatch {
    const exact = this.#exact.get(path);
    if (exact !== undefined) return this.#pick(exact, method, {});
    for (const compiled of this.#templated) {
      const found = compiled.pattern.exec(path);
      if (found === null) continue;
      const params: Record<string, string> = {};
      compiled.names.forEach((name, i) => {
        params[name] = safeDecode(found[i + 1] ?? '');
      });
      return this.#pick(compiled, method, params);
    }
    return { kind: 'not-found' };
  }

  #pick(compiled: CompiledPath, method: string, params: Record<string, string>): RouteMatch {
    const operation = compiled.byMethod.get(method === 'HEAD' ? 'GET' : method);
    if (operation !== undefined) return { kind: 'found', operation, params };
    return { kind: 'method-not-allowed', allowed: [...compiled.byMethod.keys()] };
  }
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern of a path template: its literal parts escaped, each parameter a run of characters that are neither
 * `/` nor the first character of the literal after it (`{name}.{ext}`: `([^/.]+)\.([^/]+)`), so that no part can
 * take what the next one must match and matching never backtracks. Two parameters with nothing between them name
 * no boundary: such a template is refused, naming it.
 */
export function patternOf(template: string): { source: string; names: string[] } {
  const parts = template.split(/(\{[^}]+\})/).filter((part) => part !== '');
  const names: string[] = [];
  let source = '';
  for (const [i, part] of parts.entries()) {
    const param = /^\{([^}]+)\}$/.exec(part)?.[1];
    if (param === undefined) {
      source += escape(part);
      continue;
    }
    const next = parts[i + 1];
    if (next !== undefined && next.startsWith('{')) {
      throw new Error(
        `the path ${template} has the parameters ${part} and ${next} with nothing between them, so no request can say where one ends: put a literal between them`,
      );
    }
    const stop = next?.[0];
    names.push(param);
    source += stop === undefined || stop === '/' ? '([^/]+)' : `([^/${escape(stop)}]+)`;
  }
  return { source, names };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
