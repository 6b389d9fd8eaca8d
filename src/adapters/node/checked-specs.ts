/**
 * The documents a command serves, checked as a start checks them and in the same order, each refusal a
 * ConfigError (exit 2) naming the document: read and parsed (a syntax error names file:line:col), valid OpenAPI
 * (express-openapi-validator's check, whose errors it prints), and servable (an `x-mock-handler` naming no built-in
 * operation, a built-in operation lacking a parameter its handler reads). `serve` and `inspect` ask this first, so
 * that a bad `--spec` is a configuration error, not a failure to run.
 */
import { ConfigError } from '../../config.ts';
import { servedResources } from '../../resources/served.ts';
import { specsFor, specsReady, type Specs } from '../express/specs.ts';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The documents of a mock serving `spec` (spec/openapi.yaml when undefined), checked. */
export async function checkedSpecs(spec: string | undefined): Promise<Specs> {
  let specs: Specs;
  try {
    // Read once: a mock started on the same text reuses this document, its model and its validator.
    specs = specsFor(spec);
    await specsReady(specs);
  } catch (error) {
    throw new ConfigError(messageOf(error), { cause: error });
  }
  const { errors } = servedResources(specs.api.doc, specs.api.model);
  if (errors.length > 0) throw new ConfigError(`${specs.api.name} cannot be served: ${errors.join('; ')}`);
  return specs;
}
