/**
 * express-openapi-validator builds an `OpenAPISchemaValidator` for every validator instance, and that class compiles
 * the whole OpenAPI meta-schema in its constructor, even with `validateApiSpec` off, when its `validate` is never
 * called: about 150 ms of every start, for a document the build has checked already. The library's framework reads
 * the class off this module's exports each time it builds one, so the class there is replaced, once per process, by
 * one that builds the original on its first `validate`: the same check, with the same errors, when it is asked for,
 * and none when it is not.
 */
import schemaValidator from 'express-openapi-validator/dist/framework/openapi.schema.validator.js';

type Original = typeof schemaValidator.OpenAPISchemaValidator;
type Options = ConstructorParameters<Original>[0];
type Checked = Parameters<InstanceType<Original>['validate']>[0];
type Outcome = ReturnType<InstanceType<Original>['validate']>;

/** The part of the class the framework uses: built with options, then asked to `validate` a document. */
export type SchemaValidatorClass = new (options: Options) => { validate(document: Checked): Outcome };

const DEFERRED = Symbol.for('identity-mock.deferred-meta-schema');

/** A class like `original` whose instances build an `original` on their first `validate`, and only then. */
export function deferredSchemaValidator(original: SchemaValidatorClass): SchemaValidatorClass {
  return class DeferredSchemaValidator {
    static readonly [DEFERRED] = true;
    readonly #options: Options;
    #built: InstanceType<SchemaValidatorClass> | undefined;

    constructor(options: Options) {
      this.#options = options;
    }

    validate(document: Checked): Outcome {
      this.#built ??= new original(this.#options);
      return this.#built.validate(document);
    }
  };
}

/** Makes express-openapi-validator compile the OpenAPI meta-schema only when a document is checked against it. */
export function deferMetaSchemaCompile(): void {
  if (metaSchemaCompileDeferred()) return;
  schemaValidator.OpenAPISchemaValidator = deferredSchemaValidator(
    schemaValidator.OpenAPISchemaValidator,
  ) as unknown as Original;
}

/** Whether express-openapi-validator's class is the deferred one. */
export function metaSchemaCompileDeferred(): boolean {
  return DEFERRED in schemaValidator.OpenAPISchemaValidator;
}
