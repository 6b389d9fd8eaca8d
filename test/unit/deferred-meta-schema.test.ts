/** express-openapi-validator's meta-schema check, compiled only when a document is checked against it. */
import schemaValidator from 'express-openapi-validator/dist/framework/openapi.schema.validator.js';
import { describe, expect, it } from 'vitest';
import {
  deferMetaSchemaCompile,
  deferredSchemaValidator,
  metaSchemaCompileDeferred,
  type SchemaValidatorClass,
} from '../../src/adapters/express/deferred-meta-schema.ts';
import { createOpenApiValidators } from '../../src/adapters/express/openapi-validator.ts';
import { API_SPEC_PATH, readSpecDocument } from '../../src/spec/document-file.ts';

const spec = readSpecDocument(API_SPEC_PATH);

/** A stand-in for the library's class that records what is built and checked. */
function recording() {
  const built: unknown[] = [];
  const checked: unknown[] = [];
  const Original: SchemaValidatorClass = class {
    constructor(options: unknown) {
      built.push(options);
    }
    validate(document: unknown) {
      checked.push(document);
      return { errors: [] };
    }
  };
  return { Original, built, checked };
}

describe('deferredSchemaValidator', () => {
  it('builds nothing when constructed, the original once on the first validate, with the options given', () => {
    const { Original, built, checked } = recording();
    const Deferred = deferredSchemaValidator(Original);
    const options = { version: '3.1.0', validateApiSpec: true };
    const validator = new Deferred(options);
    expect(built).toEqual([]);

    const first = { openapi: '3.1.0' } as unknown as Parameters<typeof validator.validate>[0];
    const second = { openapi: '3.1.1' } as unknown as Parameters<typeof validator.validate>[0];
    expect(validator.validate(first)).toEqual({ errors: [] });
    expect(validator.validate(second)).toEqual({ errors: [] });
    expect(built).toEqual([options]);
    expect(checked).toEqual([first, second]);
  });

  it('passes on what the original answers', () => {
    const errors = [{ instancePath: '/info', message: "must have required property 'version'" }];
    const Deferred = deferredSchemaValidator(
      class {
        validate() {
          return { errors } as never;
        }
      },
    );
    const document = {} as Parameters<InstanceType<typeof Deferred>['validate']>[0];
    expect(new Deferred({ version: '3.1.0', validateApiSpec: true }).validate(document)).toEqual({ errors });
  });
});

describe('express-openapi-validator with the deferred class', () => {
  it('is given the deferred class by the request validators, once however many are built', () => {
    createOpenApiValidators([spec], { checkDocuments: false });
    expect(metaSchemaCompileDeferred()).toBe(true);
    const installed = schemaValidator.OpenAPISchemaValidator;
    deferMetaSchemaCompile();
    createOpenApiValidators([spec], { checkDocuments: false });
    expect(schemaValidator.OpenAPISchemaValidator).toBe(installed);
  });

  it('checks a document against the real meta-schema when asked: the spec passes, a document without a version fails', () => {
    deferMetaSchemaCompile();
    const validator = new schemaValidator.OpenAPISchemaValidator({ version: '3.1.0', validateApiSpec: true });
    type Document = Parameters<typeof validator.validate>[0];
    expect(validator.validate(structuredClone(spec) as unknown as Document).errors).toEqual([]);
    const broken = { ...structuredClone(spec), info: { title: 'no version' } } as Document;
    const { errors } = validator.validate(broken);
    expect(
      errors?.some((error) => error.instancePath === '/info' && /version/.test(error.message ?? '')),
    ).toBe(true);
  });

  it('leaves a broken document unrefused when the documents are not to be checked, and refuses it when they are', async () => {
    const broken = { ...spec, info: { title: 'no version' } };
    const [unchecked] = createOpenApiValidators([broken], { checkDocuments: false });
    await expect(unchecked?.ready()).resolves.toBeUndefined();
    const [checked] = createOpenApiValidators([broken], { checkDocuments: true });
    const printed: unknown[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => printed.push(...args);
    try {
      await expect(checked?.ready()).rejects.toThrow(/apiDoc was invalid/);
    } finally {
      console.error = error;
    }
    expect(printed.join('\n')).toMatch(/version/);
  });
});
