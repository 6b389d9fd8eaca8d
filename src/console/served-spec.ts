/**
 * The OpenAPI documents as the server serves them (docs/console.md): the files of `spec/` with `servers` set to the
 * URL the request reached, so that a generator or the API reference pointed at the server calls that server.
 */
import { dump } from 'js-yaml';
import type { SpecDocument } from '../spec/document.ts';

/** The served form of one document, rendered for the last base URL asked for (one entry: the Host is the client's). */
export class ServedSpec {
  readonly #doc: SpecDocument;
  readonly #rewrite: (doc: Record<string, unknown>, base: string) => void;
  #last:
    | { readonly base: string; readonly doc: Record<string, unknown>; yaml?: string; json?: string }
    | undefined;

  constructor(doc: SpecDocument, rewrite: (doc: Record<string, unknown>, base: string) => void) {
    this.#doc = doc;
    this.#rewrite = rewrite;
  }

  /** The document for `base` (e.g. `http://localhost:8080`), as a fresh object. */
  document(base: string): Record<string, unknown> {
    return this.#for(base).doc;
  }

  yaml(base: string): string {
    const entry = this.#for(base);
    entry.yaml ??= dump(entry.doc, { lineWidth: -1, noRefs: true });
    return entry.yaml;
  }

  json(base: string): string {
    const entry = this.#for(base);
    entry.json ??= JSON.stringify(entry.doc);
    return entry.json;
  }

  #for(base: string): {
    readonly base: string;
    readonly doc: Record<string, unknown>;
    yaml?: string;
    json?: string;
  } {
    if (this.#last?.base !== base) {
      const doc = structuredClone(this.#doc) as Record<string, unknown>;
      this.#rewrite(doc, base);
      this.#last = { base, doc };
    }
    return this.#last;
  }
}

/**
 * The identity API's document: `servers` is `base`; the operations that name their own server (the authorization
 * server's) get `authUrl`, or `base` when the authorization server shares the API's listener.
 */
export function apiSpec(doc: SpecDocument, authUrl: (base: string) => string): ServedSpec {
  return new ServedSpec(doc, (served, base) => {
    served['servers'] = [{ url: base, description: 'This server (identity-mock)' }];
    const paths = served['paths'];
    if (typeof paths !== 'object' || paths === null) return;
    for (const item of Object.values(paths as Record<string, unknown>)) {
      if (typeof item === 'object' && item !== null && 'servers' in item) {
        (item as Record<string, unknown>)['servers'] = [
          { url: authUrl(base), description: 'The authorization server' },
        ];
      }
    }
  });
}

/** The control plane's document: `servers` is `base` + `/__admin`. */
export function adminSpec(doc: SpecDocument): ServedSpec {
  return new ServedSpec(doc, (served, base) => {
    served['servers'] = [{ url: `${base}/__admin`, description: 'This server (identity-mock)' }];
  });
}
