/**
 * What the request and response checkers (`request-check.ts`, `response-check.ts`) share: a document's model, its
 * route table, and a schema validator over it, built once per checker.
 */
import type { SpecDocument } from './document.ts';
import { buildApiModel, type ApiModel } from './model.ts';
import { RouteTable } from './route-table.ts';
import { SchemaValidator } from './schema-validator.ts';

export abstract class SpecChecker {
  readonly model: ApiModel;
  protected readonly routes: RouteTable;
  protected readonly schemas: SchemaValidator;

  constructor(doc: SpecDocument) {
    this.model = buildApiModel(doc);
    this.routes = new RouteTable(this.model.operations);
    this.schemas = new SchemaValidator(doc);
  }
}
