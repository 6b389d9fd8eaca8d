/**
 * What ajv's standalone code requires at run time (`require("ajv/dist/runtime/<name>").default`), made from the
 * packages' documented entries: ajv compares with fast-deep-equal and parses URIs with fast-uri (its own
 * dependencies), and counts a string's length in code points and throws a validation error as written here, as its
 * runtime modules do. `compiled-spec.ts` hands these to the code `identity-mock build-msw` compiled.
 */
import equal from 'fast-deep-equal';
import fastUri from 'fast-uri';

/** A string's length in Unicode code points (a surrogate pair counts once), as JSON Schema's `maxLength` counts. */
function ucs2length(text: string): number {
  // Code points, not graphemes, are what JSON Schema counts: a surrogate pair is one, a lone surrogate one too.
  // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points are what is counted here
  return [...text].length;
}

/** The error an async standalone validator throws (ajv's `ValidationError`). */
class ValidationError extends Error {
  readonly errors: unknown;
  readonly ajv = true;
  readonly validation = true;

  constructor(errors: unknown) {
    super('validation failed');
    this.errors = errors;
  }
}

/** The runtime modules by the id standalone code requires them by, each as CommonJS's `{ default }`. */
export const STANDALONE_RUNTIME: Readonly<Record<string, { readonly default: unknown }>> = {
  'ajv/dist/runtime/equal': { default: equal },
  'ajv/dist/runtime/ucs2length': { default: ucs2length },
  'ajv/dist/runtime/uri': { default: fastUri },
  'ajv/dist/runtime/validation_error': { default: ValidationError },
};
