/**
 * The body of an operation the engine answers from the document alone (docs/own-spec.md "Actions and
 * singletons"): the success response's example, or a body generated from its schema, deterministic for the seed
 * and the request (the same seed, operation and `requestKey` give the same body).
 */
import { generateValue } from './generate-value.ts';
import type { OperationModel } from './resource-model.ts';
import type { SchemaReader } from './schema.ts';
import { fakerFor } from './seed.ts';

/** The answer body of `op`, or undefined when its success response has no JSON body. */
export function exampleBody(
  op: OperationModel,
  reader: SchemaReader,
  seed: number,
  requestKey: string,
): unknown {
  if (op.example !== undefined) return op.example;
  if (op.responseSchema === undefined) return undefined;
  const faker = fakerFor(seed, `${op.operationId} ${requestKey}`);
  return generateValue(op.responseSchema, undefined, {
    faker,
    reader,
    subject: undefined,
    reference: () => undefined,
  });
}
