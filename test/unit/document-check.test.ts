/** The documents are checked against the OpenAPI meta-schema (by the request validator) before a mock listens. */
import { describe, expect, it, vi } from 'vitest';
import { API_SPEC_PATH, readSpecDocument } from '../../src/platform/node/document-file.ts';
import { createOpenApiValidators } from '../../src/adapters/express/openapi-validator.ts';
import { loadSpec, loadSpecs, specsReady } from '../../src/adapters/express/specs.ts';

const spec = readSpecDocument(API_SPEC_PATH);

describe('spec documents', () => {
  it('spec/openapi.yaml and spec/admin.yaml are ready', async () => {
    await expect(specsReady(loadSpecs())).resolves.toBeUndefined();
  });

  it('refuses a document the OpenAPI meta-schema does not allow, naming it; the validator prints where', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const broken = loadSpec({ ...spec, info: { title: 'no version' } }, 'broken.yaml');
      await expect(broken.ready()).rejects.toThrow(/^broken\.yaml is not a valid OpenAPI document/);
      expect(printed.mock.calls.flat().join('\n')).toMatch(/\/info.*\n?.*version|version/);
    } finally {
      printed.mockRestore();
    }
  });

  it('of documents sharing one validator, only the broken one is not ready, with its own fault', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const broken = { ...spec, info: { title: 'no version' } };
      const [good, bad] = createOpenApiValidators([spec, broken], { checkDocuments: true });
      await expect(good?.ready()).resolves.toBeUndefined();
      await expect(bad?.ready()).rejects.toThrow(/apiDoc was invalid/);
      expect(printed.mock.calls.flat().join('\n')).toMatch(/version/);
    } finally {
      printed.mockRestore();
    }
  });
});
