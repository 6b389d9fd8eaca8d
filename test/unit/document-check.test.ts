/** The meta-schema check that guards every start (its result is remembered per document content). */
import { describe, expect, it } from 'vitest';
import { assertValidDocument } from '../../src/http/openapi.ts';
import { API_SPEC_PATH, readSpecDocument } from '../../src/spec/document.ts';

const spec = readSpecDocument(API_SPEC_PATH);

describe('assertValidDocument', () => {
  it('accepts spec/openapi.yaml', () => {
    expect(() => {
      assertValidDocument(spec, 'spec/openapi.yaml');
    }).not.toThrow();
  });

  it('refuses a document the OpenAPI meta-schema does not allow, naming it and where it is wrong', () => {
    const broken = { ...spec, info: { title: 'no version' } };
    expect(() => {
      assertValidDocument(broken, 'broken.yaml');
    }).toThrow(/broken\.yaml is not a valid OpenAPI document:\n {2}\/info .*version/);
  });
});
