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
      const names: string[] = [];
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const param = /^\{([^}]+)\}$/.exec(part);
          if (param?.[1] === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(param[1]);
          return '([^/]+)';
        })
        .join('');
      // Built once from the spec's path templates (literal parts escaped, each parameter `[^/]+`): linear to match.
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

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
