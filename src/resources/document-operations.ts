/**
 * The operations of any OpenAPI 3.0 or 3.1 document, read leniently for the resource engine: where the mock's own
 * model (`src/spec/model.ts`) refuses a document without `operationId`s, this one names such an operation after
 * its method and path (`get /things`), so that `identity-mock inspect` can say what it would make of any document.
 */
import type { SpecDocument } from '../spec/document.ts';
import { HTTP_METHODS, type HttpMethod, type SchemaNode } from '../spec/model.ts';
import { isRecord, type SchemaReader } from './schema.ts';

export interface DocParameter {
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
}

export interface DocResponse {
  readonly status: number;
  /** The JSON media type's schema node (unresolved, so its `$ref` name is kept), if it has one. */
  readonly schema: unknown;
  /** The media type's `example`, or the value of its first `examples` entry. */
  readonly example: unknown;
  readonly headers: readonly string[];
}

export interface DocOperation {
  readonly operationId: string;
  /** Whether `operationId` came from the document (not made from method and path). */
  readonly named: boolean;
  readonly method: HttpMethod;
  readonly path: string;
  readonly parameters: readonly DocParameter[];
  /** The JSON request body's schema node, if any. */
  readonly body: unknown;
  readonly responses: readonly DocResponse[];
  readonly raw: SchemaNode;
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json$/i;

/** The JSON (or `+json`) media type object of a `content` map, the first one when there are several. */
export function jsonMedia(content: unknown): SchemaNode | undefined {
  if (!isRecord(content)) return undefined;
  const key = Object.keys(content).find((type) => JSON_MEDIA.test(type.split(';')[0]?.trim() ?? ''));
  const media = key === undefined ? undefined : content[key];
  return isRecord(media) ? media : undefined;
}

function exampleOf(media: SchemaNode | undefined, reader: SchemaReader): unknown {
  if (media === undefined) return undefined;
  if (media.example !== undefined) return media.example;
  if (isRecord(media.examples)) {
    const [first] = Object.values(media.examples);
    const example = reader.deref(first);
    return example.value;
  }
  return undefined;
}

/** Every operation of `doc`, in document order. */
export function readOperations(doc: SpecDocument, reader: SchemaReader): DocOperation[] {
  const operations: DocOperation[] = [];
  const paths = isRecord(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = reader.deref(rawItem);
    const shared: readonly unknown[] = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const own: readonly unknown[] = Array.isArray(op.parameters) ? op.parameters : [];
      const byKey = new Map<string, DocParameter>();
      for (const raw of [...shared, ...own]) {
        const param = reader.deref(raw);
        if (typeof param.name !== 'string' || typeof param.in !== 'string') continue;
        byKey.set(`${param.in}:${param.name}`, {
          name: param.name,
          in: param.in,
          required: param.required === true,
          schema: reader.resolve(param.schema),
        });
      }
      const responses: DocResponse[] = [];
      for (const [code, rawResponse] of Object.entries(isRecord(op.responses) ? op.responses : {})) {
        const status = Number(code);
        if (!Number.isInteger(status)) continue;
        const response = reader.deref(rawResponse);
        const media = jsonMedia(response.content);
        responses.push({
          status,
          schema: media?.schema,
          example: exampleOf(media, reader),
          headers: isRecord(response.headers) ? Object.keys(response.headers) : [],
        });
      }
      responses.sort((a, b) => a.status - b.status);
      const id = typeof op.operationId === 'string' ? op.operationId : undefined;
      operations.push({
        operationId: id ?? `${method} ${path}`,
        named: id !== undefined,
        method,
        path,
        parameters: [...byKey.values()],
        body: jsonMedia(reader.deref(op.requestBody).content)?.schema,
        responses,
        raw: op,
      });
    }
  }
  return operations;
}

/** The lowest documented 2xx response, if any. */
export function successResponse(op: DocOperation): DocResponse | undefined {
  return op.responses.find((r) => r.status >= 200 && r.status < 300);
}
