/**
 * The ajv that request schemas (`request-schemas.ts`) are compiled with, in process (`run-time-schemas.ts`) or
 * ahead as standalone code (`standalone-schemas.ts`): Ajv 2020-12 with express-openapi-validator's request options
 * and formats, each document registered under its `$id`, so that the schemas' `$ref`s into it resolve. As that
 * validator does for requests, a `readOnly` property is not required, and one that is sent fails ("is read-only").
 */
import { _, type KeywordDefinition } from 'ajv';
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import type { SpecDocument } from '../../spec/document.ts';
import type { ApiModel } from '../../spec/model.ts';
import { REQUEST_FORMATS } from './request-formats.ts';
import { AJV_OPTIONS, DOCUMENT_IDS, type DocumentName } from './request-schemas.ts';

/** A document whose requests are checked: its name (which `$id` it takes), itself and its model. */
export interface RequestDocument {
  readonly name: DocumentName;
  readonly doc: SpecDocument;
  readonly model: ApiModel;
}

/** An ajv over `documents`: parameters are coerced from text (`coerceTypes`), bodies are checked as sent. */
export function requestAjv(
  documents: readonly RequestDocument[],
  coerceTypes: boolean,
  code?: Options['code'],
): Ajv2020 {
  const ajv = new Ajv2020({
    ...AJV_OPTIONS,
    coerceTypes,
    formats: REQUEST_FORMATS,
    ...(code === undefined ? {} : { code }),
  });
  ajv.removeKeyword('readOnly');
  ajv.addKeyword(READ_ONLY);
  for (const { name, doc } of documents) {
    ajv.addSchema({ ...withReadOnlyOptional(structuredClone(doc)), $id: DOCUMENT_IDS[name] });
  }
  return ajv;
}

/** express-openapi-validator's `readOnly` of a request: a property the server owns fails when it is sent. */
const READ_ONLY: KeywordDefinition = {
  keyword: 'readOnly',
  schemaType: 'boolean',
  error: { message: 'is read-only', params: ({ it }) => _`{writeOnly: ${it.parentDataProperty}}` },
  code(cxt) {
    // A property's schema applies only when the property is there: being there is the failure.
    if (cxt.schema === true) cxt.fail();
  },
};

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/**
 * `doc` (a copy) with every `readOnly` property left out of its object's `required`: a request need not send what
 * the server assigns. A property given by a local `$ref` is read through it, as the validator reads it resolved.
 */
function withReadOnlyOptional(doc: Node): Node {
  const readOnly = (schema: unknown): boolean => {
    if (!isNode(schema)) return false;
    if (schema.readOnly === true) return true;
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return false;
    let node: unknown = doc;
    for (const raw of ref.slice(2).split('/'))
      node = isNode(node) ? node[raw.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return isNode(node) && node.readOnly === true;
  };
  const seen = new Set<Node>();
  const visit = (node: unknown): void => {
    if (!isNode(node) || seen.has(node)) return;
    seen.add(node);
    const { required, properties } = node;
    if (Array.isArray(required) && isNode(properties)) {
      const kept = required.filter((name) => typeof name !== 'string' || !readOnly(properties[name]));
      if (kept.length === 0) delete node.required;
      else node.required = kept;
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(doc);
  return doc;
}
