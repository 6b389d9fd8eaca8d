/** The handler type of an operation, its body typed from the spec's generated operation types. */
import type { Handler } from '../context.ts';

/** The JSON body of an operation's generated type (`undefined` when the body is optional or absent). */
export type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : unknown;

/** One handler per operation of `Operations`, each typed by its body. */
export type OperationTable<Operations> = {
  readonly [K in keyof Operations]: Handler<JsonBody<Operations[K]>>;
};
