import { describe, expect, it } from 'vitest';
import { headerSafe } from '../../src/protocol/header-text.ts';
import { checkApiVersion, checkMediaType } from '../../src/pipeline/header-checks.ts';
import { API_MODEL } from '../support/spec-model.ts';
import { apiErrorOf } from '../support/thrown.ts';

describe('headerSafe', () => {
  it.each([
    {
      name: 'printable ASCII unchanged',
      message: 'page_size must be between 1 and 100 (got "101")',
      expected: 'page_size must be between 1 and 100 (got "101")',
    },
    { name: 'accented letter: RFC 8187 ext-value', message: 'Émile', expected: "UTF-8''%C3%89mile" },
    { name: 'en dash, spaces encoded too', message: '1 – 100', expected: "UTF-8''1%20%E2%80%93%20100" },
    { name: 'astral character as its four UTF-8 bytes', message: 'a😀', expected: "UTF-8''a%F0%9F%98%80" },
    { name: 'newline', message: 'a\nb', expected: "UTF-8''a%0Ab" },
    {
      name: 'carriage return cannot split the header',
      message: 'a\r\nSet-Cookie: x',
      expected: "UTF-8''a%0D%0ASet-Cookie%3A%20x",
    },
    { name: 'tab', message: 'a\tb', expected: "UTF-8''a%09b" },
    { name: 'NUL and DEL', message: '\u0000\u007f', expected: "UTF-8''%00%7F" },
    { name: 'a lone surrogate as U+FFFD', message: '\ud800', expected: "UTF-8''%EF%BF%BD" },
    { name: 'empty', message: '', expected: '' },
  ])('$name', ({ message, expected }) => {
    const safe = headerSafe(message);
    expect(safe).toBe(expected);
    expect(safe).toMatch(/^[\x20-\x7e]*$/);
  });

  it('an encoded message decodes back to the text (no \\u escapes anywhere)', () => {
    const message = 'no user "Żaneta Łęcka"; 1–100 characters';
    const safe = headerSafe(message);
    expect(safe).not.toContain('\\u');
    expect(decodeURIComponent(safe.slice("UTF-8''".length))).toBe(message);
  });

  it.each([
    { name: '512 characters: kept whole', message: 'x'.repeat(512), expected: 'x'.repeat(512) },
    {
      name: '513 characters: cut to 509 and an ellipsis',
      message: 'x'.repeat(513),
      expected: `${'x'.repeat(509)}...`,
    },
  ])('length: $name', ({ message, expected }) => {
    const safe = headerSafe(message);
    expect(safe).toBe(expected);
    expect(safe.length).toBeLessThanOrEqual(512);
  });

  it('length: the cut counts the encoded form and never splits a character', () => {
    const safe = headerSafe('é'.repeat(100));
    expect(safe.length).toBeLessThanOrEqual(512);
    expect(safe).toBe(`UTF-8''${'%C3%A9'.repeat(83)}...`);
  });
});

describe('checkApiVersion', () => {
  it.each([
    { name: 'absent', value: undefined },
    { name: 'v1', value: 'v1' },
  ])('accepts $name', ({ value }) => {
    expect(() => {
      checkApiVersion(value, ['v1']);
    }).not.toThrow();
  });

  it.each([
    { name: 'v2', value: 'v2', quoted: '"v2"' },
    { name: 'upper-case V1', value: 'V1', quoted: '"V1"' },
    { name: 'empty', value: '', quoted: '""' },
    { name: 'with spaces', value: ' v1 ', quoted: '" v1 "' },
    { name: 'sent twice', value: ['v1', 'v1'], quoted: '"[\\"v1\\",\\"v1\\"]"' },
  ])('refuses $name with 400 unsupported_api_version', ({ value, quoted }) => {
    const error = apiErrorOf(() => {
      checkApiVersion(value, ['v1']);
    });
    expect(error.status).toBe(400);
    expect(error.code).toBe('unsupported_api_version');
    expect(error.message).toBe(`X-API-Version must be one of v1 (got ${quoted})`);
    expect(error.details).toEqual([
      { location: 'header', name: 'X-API-Version', message: `must be one of v1 (got ${quoted})` },
    ]);
  });
});

describe('checkMediaType', () => {
  const accepted = API_MODEL.requestContentTypes;

  it.each([
    { name: 'absent', contentType: undefined },
    { name: 'application/json', contentType: 'application/json' },
    { name: 'with a charset parameter', contentType: 'application/json; charset=utf-8' },
    { name: 'with a boundary parameter', contentType: 'multipart/form-data; boundary=----x' },
    { name: 'upper case', contentType: 'APPLICATION/JSON' },
    { name: 'mixed case with parameter', contentType: 'Text/Plain;Charset=UTF-8' },
    {
      name: 'spaces around the media type',
      contentType: '  application/x-www-form-urlencoded  ; charset=utf-8',
    },
    { name: 'application/pdf', contentType: 'application/pdf' },
    { name: 'text/html', contentType: 'text/html' },
  ])('accepts $name', ({ contentType }) => {
    expect(() => {
      checkMediaType(contentType, accepted);
    }).not.toThrow();
  });

  it.each([
    { name: 'image/png', contentType: 'image/png', mediaType: 'image/png' },
    { name: 'a parameterised other type', contentType: 'Image/PNG; q=1', mediaType: 'image/png' },
    {
      name: 'a +json suffix',
      contentType: 'application/problem+json',
      mediaType: 'application/problem+json',
    },
    { name: 'empty', contentType: '', mediaType: '' },
  ])('refuses $name with 415 unsupported_media_type', ({ contentType, mediaType }) => {
    const error = apiErrorOf(() => {
      checkMediaType(contentType, accepted);
    });
    expect(error.status).toBe(415);
    expect(error.code).toBe('unsupported_media_type');
    expect(error.message).toBe(
      `Content-Type ${JSON.stringify(mediaType)} is not accepted; use one of ${accepted.join(', ')}`,
    );
  });
});
