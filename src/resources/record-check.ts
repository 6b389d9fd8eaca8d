/**
 * Whether a session's record still fits its collection after a reload (docs/own-spec.md "Live reload"): the record
 * is validated against the collection's item schema in the reloaded document, with the formats the response checks
 * use (`spec/schema-validator.ts`).
 */
import type { SpecDocument } from '../spec/document.ts';
import { SchemaValidator } from '../spec/schema-validator.ts';
import type { CollectionModel } from './resource-model.ts';
import type { ResourceRecord } from './run-list.ts';

/** Whether `record` is one `collection`'s item schema accepts. */
export type RecordCheck = (collection: CollectionModel, record: ResourceRecord) => boolean;

/** The record check of `doc`'s collections: the item schema's component when it has one, else the schema as read. */
export function recordCheck(doc: SpecDocument): RecordCheck {
  const validator = new SchemaValidator(doc);
  return (collection, record) =>
    collection.schemaName === undefined
      ? validator.matches(collection.schema, record)
      : validator.problems(`#/components/schemas/${collection.schemaName}`, record) === undefined;
}
