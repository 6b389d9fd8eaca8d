/**
 * What the code `identity-mock build-msw` compiles requires at run time (src/adapters/msw/standalone-runtime.ts):
 * each module behaves as ajv's standalone code expects of it.
 */
import { describe, expect, it } from 'vitest';
import { STANDALONE_RUNTIME } from '../../src/adapters/msw/standalone-runtime.ts';

const runtime = (name: string): unknown => STANDALONE_RUNTIME[`ajv/dist/runtime/${name}`]?.default;

describe('the standalone runtime', () => {
  it('counts a string in code points, as maxLength does: a surrogate pair once, a lone surrogate once', () => {
    const ucs2length = runtime('ucs2length') as (text: string) => number;
    expect(ucs2length('')).toBe(0);
    expect(ucs2length('abc')).toBe(3);
    expect(ucs2length('a😀b')).toBe(3);
    expect(ucs2length('\ud83d')).toBe(1);
    expect(ucs2length('\ud83dx')).toBe(2);
  });

  it('compares deeply (enum, const, uniqueItems)', () => {
    const equal = runtime('equal') as (a: unknown, b: unknown) => boolean;
    expect(equal({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(equal({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
  });

  it('parses and resolves URIs (the uri formats)', () => {
    const uri = runtime('uri') as { parse: (text: string) => { scheme?: string; host?: string } };
    expect(uri.parse('https://example.com/x')).toMatchObject({ scheme: 'https', host: 'example.com' });
  });

  it("throws ajv's validation error, with the errors", () => {
    type Made = Error & { errors: unknown; validation: boolean };
    const ValidationError = runtime('validation_error') as new (errors: unknown) => Made;
    const error = new ValidationError([{ message: 'x' }]);
    expect({ message: error.message, errors: error.errors, validation: error.validation }).toEqual({
      message: 'validation failed',
      errors: [{ message: 'x' }],
      validation: true,
    });
  });
});
