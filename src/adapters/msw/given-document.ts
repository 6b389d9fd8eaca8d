/**
 * The document `createHandlers({ spec })` serves instead of spec/openapi.yaml (docs/msw.md "Serving your own
 * document"): its YAML or JSON text, the parsed document, or a module compiled ahead by `identity-mock build-msw`
 * (`compiled-spec.ts`). It is read and checked when the handlers are made, so that a document that does not parse
 * (named with its line and column), is no OpenAPI 3.x document, or that the engine cannot serve throws there, with
 * the messages the server gives for the same document.
 */
import { OptionError, type SpecInput } from '../../resolve-options.ts';
import { servedResources } from '../../resources/served.ts';
import { deepFreeze, parseDocumentText, type SpecDocument } from '../../spec/document.ts';
import { buildApiModel, type ApiModel } from '../../spec/model.ts';
import type { CompiledSchemas } from './compiled-validator.ts';
import {
  COMPILED_SPEC_FORMAT,
  compiledSpecSchemas,
  isCompiledSpec,
  looksCompiled,
  type CompiledSpec,
} from './compiled-spec.ts';

/** What `spec` takes in a page: a document's text, the parsed document, or one compiled ahead (a file is refused). */
export type PageSpecInput = SpecInput | CompiledSpec;

export interface GivenDocument {
  readonly doc: SpecDocument;
  readonly model: ApiModel;
  /** The document's name in messages, as the server names a document given as a value. */
  readonly name: string;
  /** Its request schemas, when compiled ahead; else they are compiled in the page. */
  readonly schemas?: CompiledSchemas;
}

const NAME = 'the spec option';

/** The document of `spec`, modelled and checked; throws OptionError saying what is wrong with it. */
export function givenDocument(spec: PageSpecInput): GivenDocument {
  const { doc, schemas } = read(spec);
  const version = doc.openapi;
  if (typeof version !== 'string' || !/^3\.[01]\./.test(version)) {
    throw new OptionError(
      `createHandlers: spec is not an OpenAPI 3.0 or 3.1 document (its openapi field is ${version === undefined ? 'missing' : JSON.stringify(version)}); give one as its YAML or JSON text, parsed, or compiled by identity-mock build-msw --spec FILE`,
    );
  }
  let model: ApiModel;
  try {
    model = buildApiModel(doc);
  } catch (error) {
    throw new OptionError(`createHandlers: ${NAME} cannot be served: ${messageOf(error)}`, { cause: error });
  }
  const { errors } = servedResources(doc, model);
  if (errors.length > 0) {
    throw new OptionError(`createHandlers: ${NAME} cannot be served: ${errors.join('; ')}`);
  }
  return { doc, model, name: NAME, ...(schemas === undefined ? {} : { schemas }) };
}

function read(spec: PageSpecInput): { doc: SpecDocument; schemas?: CompiledSchemas } {
  if (typeof spec === 'string') {
    try {
      return { doc: parseDocumentText(spec, NAME) };
    } catch (error) {
      throw new OptionError(`createHandlers: spec: ${messageOf(error)}`, { cause: error });
    }
  }
  if (spec instanceof URL) {
    throw new OptionError(`createHandlers: spec ${spec.href} names a file, which a browser cannot read`);
  }
  if (looksCompiled(spec)) {
    if (!isCompiledSpec(spec)) {
      throw new OptionError(
        `createHandlers: spec was compiled as ${spec.format} by another version of identity-mock; compile it again with identity-mock build-msw --spec FILE (this one reads ${COMPILED_SPEC_FORMAT})`,
      );
    }
    return { doc: deepFreeze(structuredClone(spec.document)), schemas: compiledSpecSchemas(spec) };
  }
  // As the server takes a parsed document: its JSON (what a YAML or JSON file can hold), frozen.
  return { doc: deepFreeze(JSON.parse(JSON.stringify(spec)) as SpecDocument) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
